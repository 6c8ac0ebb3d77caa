import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { buildPlaylistCheck } from '../../../test/factories';
import { setTestLocale } from '../../../test/locale';
import { CheckResultCard } from './CheckResultCard';

// Local times, so the card's date and clock read the same in every time zone.
const CHECKED_AT = new Date(2026, 10, 20, 14, 5).toISOString();
const EXPIRES_AT = new Date(2026, 11, 1, 12, 0).toISOString();

/** What the card says for one of its facts (a `dt` and its `dd`). */
function fact(card: HTMLElement, label: string) {
  return within(card).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
}

describe('CheckResultCard', () => {
  it('an M3U playlist that plays: verdict in words, counts, guide URLs and a sample with logos', () => {
    render(
      <CheckResultCard
        heading="Check result"
        check={buildPlaylistCheck({
          checkedAt: CHECKED_AT,
          durationMs: 1240,
          message: 'The playlist opens: 1,250 channels in 14 groups.',
          httpStatus: 200,
          m3u: {
            channels: 1250,
            groups: 14,
            entriesWithoutUrl: 0,
            backupUrls: 0,
            cannotOpen: [],
            guideUrls: ['http://provider.example/epg.xml'],
            groupNames: null,
            sample: [
              { name: 'Sky Sports', logo: 'https://logos.example/sky.png', group: 'Sports' },
              { name: 'Eurosport', logo: null, group: null },
              { name: 'Local TV', logo: 'logos/local.png', group: null },
            ],
          },
          epg: {
            reachable: true,
            xmltv: true,
            channels: 980,
            message: null,
            source: null,
            channelsWithProgrammes: null,
            coverage: null,
          },
        })}
      />,
    );
    const card = screen.getByRole('region', { name: 'Check result' });
    expect(within(card).getByText('Will play')).toHaveClass('verdict--ok');
    expect(card).toHaveTextContent('The playlist opens: 1,250 channels in 14 groups.');
    expect(within(card).queryByRole('heading', { name: 'Warnings' })).not.toBeInTheDocument();

    expect(fact(card, 'Channels')).toBe('1,250');
    expect(fact(card, 'Groups')).toBe('14');
    expect(fact(card, 'Entries without a stream')).toBe('0');
    expect(fact(card, 'Guide URLs')).toBe('http://provider.example/epg.xml');
    expect(fact(card, 'HTTP status')).toBe('200');
    expect(fact(card, 'Reachable')).toBe('Yes');
    expect(fact(card, 'XMLTV')).toBe('Yes');
    expect(fact(card, 'Guide channels')).toBe('980');

    const logo = within(card).getByRole('img', { name: 'Sky Sports' });
    expect(logo).toHaveAttribute('src', 'https://logos.example/sky.png');
    expect(logo).toHaveAttribute('loading', 'lazy');
    expect(logo).toHaveAttribute('width', '32');
    expect(logo).toHaveAttribute('height', '32');
    expect(logo).toHaveAttribute('referrerpolicy', 'no-referrer');
    const sample = within(card).getByRole('list', { name: 'Sample channels' });
    expect(within(sample).getAllByRole('listitem')).toHaveLength(3);
    for (const name of ['Sky Sports', 'Eurosport', 'Local TV']) expect(within(sample).getByText(name)).toBeVisible();
    expect(within(sample).getByText('Sports')).toBeVisible();
    // Only absolute web addresses are fetched: a relative logo would be asked of this site.
    expect(within(card).getAllByRole('img')).toHaveLength(1);

    expect(card).toHaveTextContent('Checked 20 Nov. 2026 at 14:05 · took 1.2 s');
  });

  it('hides a logo that fails to load and keeps the channel’s name', () => {
    render(<CheckResultCard heading="Check result" check={buildPlaylistCheck()} />);
    fireEvent.error(screen.getByRole('img', { name: 'Sky Sports' }));
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.getByText('Sky Sports')).toBeVisible();
    expect(screen.getByText('Sky Sports')).not.toHaveAttribute('aria-hidden');
  });

  it('an Xtream Codes account with warnings: the warnings listed, the account and the guide', () => {
    render(
      <CheckResultCard
        heading="Check result"
        check={buildPlaylistCheck({
          verdict: 'WARNING',
          message: 'The account is active until 2026-12-01: 40 live, 12 film and 8 series categories.',
          warnings: ['The account expires in 3 days.', 'The guide could not be read: it is not an XMLTV document.'],
          m3u: null,
          xc: {
            status: 'Active',
            state: 'ACTIVE',
            allowedFormats: null,
            expiresAt: EXPIRES_AT,
            isTrial: true,
            maxConnections: 2,
            activeConnections: 1,
            liveCategories: 40,
            liveCategoryNames: null,
            vodCategories: 12,
            seriesCategories: 8,
          },
          epg: {
            reachable: true,
            xmltv: false,
            channels: 0,
            message: 'The guide could not be read: it is not an XMLTV document.',
            source: null,
            channelsWithProgrammes: null,
            coverage: null,
          },
        })}
      />,
    );
    const card = screen.getByRole('region', { name: 'Check result' });
    expect(within(card).getByText('Plays, with warnings')).toHaveClass('verdict--warning');

    const warnings = within(card).getByRole('list', { name: 'Warnings' });
    expect(
      within(warnings)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['The account expires in 3 days.', 'The guide could not be read: it is not an XMLTV document.']);

    expect(within(card).getByRole('heading', { name: 'Account' })).toBeInTheDocument();
    expect(fact(card, 'Line')).toBe('Active');
    expect(within(card).queryByText('The panel says', { selector: 'dt' })).not.toBeInTheDocument();
    expect(fact(card, 'Expires')).toBe('1\u00a0Dec.\u00a02026');
    expect(fact(card, 'Trial')).toBe('Yes');
    expect(fact(card, 'Connections')).toBe('1 / 2');
    expect(fact(card, 'Live categories')).toBe('40');
    expect(fact(card, 'Film categories')).toBe('12');
    expect(fact(card, 'Series categories')).toBe('8');
    expect(within(card).queryByRole('heading', { name: 'Playlist' })).not.toBeInTheDocument();

    expect(within(card).getByRole('heading', { name: 'Guide (EPG)' })).toBeInTheDocument();
    expect(fact(card, 'XMLTV')).toBe('No');
    expect(fact(card, 'Guide channels')).toBe('0');
  });

  it('a channel without a name and a panel that gives no status word: said as such, nothing blank', () => {
    render(
      <CheckResultCard
        heading="Check result"
        check={buildPlaylistCheck({
          m3u: {
            channels: 1,
            groups: 0,
            entriesWithoutUrl: 0,
            backupUrls: 0,
            cannotOpen: [],
            guideUrls: [],
            groupNames: null,
            sample: [{ name: '', logo: 'https://logos.example/one.png', group: null }],
          },
          xc: {
            status: '',
            state: 'OTHER',
            allowedFormats: null,
            expiresAt: null,
            isTrial: false,
            maxConnections: 1,
            activeConnections: 0,
            liveCategories: 1,
            liveCategoryNames: null,
            vodCategories: 0,
            seriesCategories: 0,
          },
        })}
      />,
    );
    const card = screen.getByRole('region', { name: 'Check result' });
    const sample = within(card).getByRole('list', { name: 'Sample channels' });
    expect(within(sample).getByRole('img', { name: '(no name)' })).toBeInTheDocument();
    expect(fact(card, 'Line')).toBe('Not active');
    expect(within(card).queryByText('The panel says', { selector: 'dt' })).not.toBeInTheDocument();
  });

  it('an account without an end or a connection limit', () => {
    render(
      <CheckResultCard
        heading="Check result"
        check={buildPlaylistCheck({
          m3u: null,
          xc: {
            status: 'Active',
            state: 'ACTIVE',
            allowedFormats: null,
            expiresAt: null,
            isTrial: false,
            maxConnections: null,
            activeConnections: null,
            liveCategories: 1,
            liveCategoryNames: null,
            vodCategories: 0,
            seriesCategories: 0,
          },
        })}
      />,
    );
    const card = screen.getByRole('region', { name: 'Check result' });
    expect(fact(card, 'Expires')).toBe('Never');
    expect(fact(card, 'Trial')).toBe('No');
    expect(fact(card, 'Connections')).toBe('— / —');
  });

  it('a failed check: the verdict, what went wrong and the HTTP status, and no details it did not get', () => {
    render(
      <CheckResultCard
        heading="Check result"
        check={buildPlaylistCheck({
          verdict: 'FAILED',
          reachable: true,
          problem: 'HTTP_STATUS',
          message: 'The server answered 404 Not Found: check the playlist URL with your provider.',
          httpStatus: 404,
          durationMs: 380,
          m3u: null,
        })}
      />,
    );
    const card = screen.getByRole('region', { name: 'Check result' });
    expect(within(card).getByText('Will not play')).toHaveClass('verdict--failed');
    expect(card).toHaveTextContent('The server answered 404 Not Found: check the playlist URL with your provider.');
    expect(fact(card, 'Problem')).toBe('Server answered with an error');
    expect(fact(card, 'HTTP status')).toBe('404');
    expect(within(card).queryByRole('heading', { name: 'Playlist' })).not.toBeInTheDocument();
    expect(within(card).queryByRole('heading', { name: 'Account' })).not.toBeInTheDocument();
    expect(within(card).queryByRole('heading', { name: 'Guide (EPG)' })).not.toBeInTheDocument();
    expect(card).toHaveTextContent('took 380 ms');
  });

  it('a big playlist with a thin guide: how many channels the guide covers, and what the TV cannot open', () => {
    render(
      <CheckResultCard
        heading="Check result"
        check={buildPlaylistCheck({
          verdict: 'WARNING',
          message: 'The playlist opens: 16,196 channels (with 3 backup addresses) in 42 groups.',
          warnings: [
            '9 entries cannot be opened on a TV (9 with a note instead of an address): they are not counted as channels.',
            'The guide has programmes for only 127 of the playlist’s 16,196 channels: most will show no programme information.',
          ],
          m3u: {
            channels: 16196,
            groups: 42,
            entriesWithoutUrl: 0,
            backupUrls: 3,
            cannotOpen: [
              {
                kind: 'no address',
                reason: 'These entries have a note instead of a stream address (such as “[NO PUBLIC STREAM]”).',
                count: 9,
                examples: ['NHK BSP4K', 'WOWOWプライム', 'WOWOWライブ'],
              },
              { kind: 'pipe://', reason: 'These start a program.', count: 1, examples: [] },
            ],
            guideUrls: [],
            groupNames: null,
            sample: [],
          },
          epg: {
            reachable: true,
            xmltv: true,
            channels: 427,
            message:
              'The guide has programmes for only 127 of the playlist’s 16,196 channels: most will show no programme information.',
            source: 'TYPED',
            channelsWithProgrammes: 127,
            coverage: { channels: 16196, covered: 127, byId: 120, byName: 7 },
          },
        })}
      />,
    );
    const card = screen.getByRole('region', { name: 'Check result' });
    expect(fact(card, 'Channels')).toBe('16,196');
    expect(fact(card, 'Backup addresses')).toBe('3');
    const cannot = within(card).getByRole('list', { name: 'What the TV cannot open' });
    expect(
      within(cannot)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      '9 × no address (NHK BSP4K, WOWOWプライム, WOWOWライブ, …)These entries have a note instead of a stream address (such as “[NO PUBLIC STREAM]”).',
      '1 × pipe://These start a program.',
    ]);
    expect(fact(card, 'Guide')).toBe('The guide URL you entered');
    expect(fact(card, 'With programmes')).toBe('127');
    expect(fact(card, 'Your channels in the guide')).toBe(
      '127 of 16,196 channels have programmes (<1%)Found by guide id (tvg-id): 120 · by name: 7',
    );
    const meter = within(card).getByRole('meter', { name: 'Channels with programmes' });
    expect(meter).toHaveAttribute('aria-valuenow', '127');
    expect(meter).toHaveAttribute('aria-valuetext', '127 of 16,196');
    expect(meter).toHaveClass('check-card__meter--low');
  });

  it.each([
    ['BANNED', 'Banned', 'Banned by the provider', 'Expires'],
    ['EXPIRED', 'Active', 'Expired', 'Expired on'],
  ] as const)(
    'a %s line: its real state, and what the panel said when it differs',
    (state, status, words, dateLabel) => {
      render(
        <CheckResultCard
          heading="Check result"
          check={buildPlaylistCheck({
            verdict: 'FAILED',
            problem: 'XC_INACTIVE',
            message: 'The provider has banned this line, so nothing will play.',
            m3u: null,
            xc: {
              status,
              state,
              allowedFormats: ['m3u8', 'ts'],
              expiresAt: EXPIRES_AT,
              isTrial: false,
              maxConnections: 1,
              activeConnections: 0,
              liveCategories: 0,
              liveCategoryNames: null,
              vodCategories: 0,
              seriesCategories: 0,
            },
          })}
        />,
      );
      const card = screen.getByRole('region', { name: 'Check result' });
      expect(fact(card, 'Line')).toBe(words);
      expect(fact(card, dateLabel)).toBe('1\u00a0Dec.\u00a02026');
      expect(fact(card, 'Stream formats')).toBe('M3U8, TS');
      if (state === 'EXPIRED') expect(fact(card, 'The panel says')).toBe('Active');
      else expect(within(card).queryByText('The panel says', { selector: 'dt' })).not.toBeInTheDocument();
      // Categories are only counted for an active line.
      expect(within(card).queryByText('Live categories', { selector: 'dt' })).not.toBeInTheDocument();
    },
  );

  it('a line the panel did not accept: only that, no made-up dates', () => {
    render(
      <CheckResultCard
        heading="Check result"
        check={buildPlaylistCheck({
          verdict: 'FAILED',
          problem: 'XC_LINE_REFUSED',
          message: 'The panel did not accept this line.',
          httpStatus: 404,
          m3u: null,
          xc: {
            status: 'Not accepted',
            state: 'NOT_ACCEPTED',
            allowedFormats: null,
            expiresAt: null,
            isTrial: false,
            maxConnections: null,
            activeConnections: null,
            liveCategories: 0,
            liveCategoryNames: null,
            vodCategories: 0,
            seriesCategories: 0,
          },
        })}
      />,
    );
    const card = screen.getByRole('region', { name: 'Check result' });
    expect(fact(card, 'Problem')).toBe('Line not accepted by the panel');
    expect(fact(card, 'Line')).toBe('Not accepted by the panel');
    expect(within(card).queryByText('Expires', { selector: 'dt' })).not.toBeInTheDocument();
  });

  it('offers Close when it can be dismissed', async () => {
    const onDismiss = vi.fn();
    render(
      <CheckResultCard
        heading="Check of Sports"
        check={buildPlaylistCheck()}
        dismissLabel="Close the check of Sports"
        onDismiss={onDismiss}
      />,
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Close the check of Sports' }));
    expect(onDismiss).toHaveBeenCalledOnce();
  });
});

describe('CheckResultCard in Arabic', () => {
  it('says the verdict, the facts, the coverage and when it ran in Arabic, with Latin digits', async () => {
    await setTestLocale('ar');
    render(
      <CheckResultCard
        heading="نتيجة الفحص"
        check={buildPlaylistCheck({
          checkedAt: CHECKED_AT,
          durationMs: 1240,
          m3u: {
            channels: 16196,
            groups: 2,
            entriesWithoutUrl: 0,
            backupUrls: 0,
            cannotOpen: [],
            guideUrls: ['http://provider.example/epg.xml'],
            groupNames: null,
            sample: [],
          },
          epg: {
            reachable: true,
            xmltv: true,
            channels: 427,
            message: null,
            source: 'TYPED',
            channelsWithProgrammes: 127,
            coverage: { channels: 16196, covered: 127, byId: 120, byName: 7 },
          },
        })}
      />,
    );
    const card = screen.getByRole('region', { name: 'نتيجة الفحص' });
    expect(within(card).getByText('ستعمل')).toHaveClass('verdict--ok');
    expect(within(card).getByRole('heading', { name: 'قائمة التشغيل' })).toBeInTheDocument();
    expect(fact(card, 'القنوات')).toBe('16,196');
    expect(fact(card, 'المجموعات')).toBe('2');
    expect(fact(card, 'روابط الدليل')).toBe('http://provider.example/epg.xml');
    expect(within(card).getByText('http://provider.example/epg.xml')).toHaveAttribute('dir', 'ltr');
    expect(within(card).getByRole('heading', { name: 'دليل البرامج (EPG)' })).toBeInTheDocument();
    expect(fact(card, 'الدليل')).toBe('رابط الدليل الذي أدخلته');
    expect(fact(card, 'يمكن الوصول إليه')).toBe('نعم');
    expect(fact(card, 'قنواتك في الدليل')).toBe(
      '127 من 16,196 قناة لها برامج (<1%)عُثر عليها بمعرّف الدليل (tvg-id): 120 · بالاسم: 7',
    );
    expect(within(card).getByRole('meter', { name: 'القنوات التي لها برامج' })).toHaveAttribute(
      'aria-valuetext',
      '127 من 16,196',
    );
    // Arabic times are 12-hour, with م after noon, as Egyptian and Gulf apps show them.
    expect(card).toHaveTextContent('فُحصت في 20 نوفمبر 2026 الساعة 2:05 م · استغرق الفحص 1.2 ثانية');
  });

  it('a failed check and an account: the problem, the line and its dates in Arabic', async () => {
    await setTestLocale('ar');
    render(
      <CheckResultCard
        heading="نتيجة الفحص"
        dismissLabel="إغلاق"
        onDismiss={vi.fn()}
        check={buildPlaylistCheck({
          verdict: 'FAILED',
          problem: 'XC_INACTIVE',
          httpStatus: 200,
          durationMs: 850,
          m3u: null,
          xc: {
            status: 'Expired',
            state: 'EXPIRED',
            allowedFormats: ['ts'],
            expiresAt: EXPIRES_AT,
            isTrial: false,
            maxConnections: 1,
            activeConnections: 0,
            liveCategories: 0,
            liveCategoryNames: null,
            vodCategories: 0,
            seriesCategories: 0,
          },
          epg: null,
        })}
      />,
    );
    const card = screen.getByRole('region', { name: 'نتيجة الفحص' });
    expect(within(card).getByText('لن تعمل')).toHaveClass('verdict--failed');
    expect(fact(card, 'المشكلة')).toBe('الحساب غير نشط');
    expect(fact(card, 'حالة HTTP')).toBe('200');
    expect(within(card).getByRole('heading', { name: 'الحساب' })).toBeInTheDocument();
    expect(fact(card, 'الاشتراك')).toBe('منتهي الصلاحية');
    expect(fact(card, 'انتهى في')).toBe('1\u00a0ديسمبر\u00a02026');
    expect(fact(card, 'تجريبي')).toBe('لا');
    expect(fact(card, 'صيغ البث')).toBe('TS');
    expect(within(card).getByRole('button', { name: 'إغلاق' })).toHaveTextContent('إغلاق');
    expect(card).toHaveTextContent('استغرق الفحص 850 ملّي ثانية');
  });

  it('lists the channels the check opened: what each answered, its codecs and HTTP status, and why', () => {
    const sample = (kind: string, extra: Record<string, unknown>) => ({
      __typename: 'StreamSample' as const,
      group: null,
      httpStatus: 200,
      codecs: [],
      kind,
      ...extra,
    });
    render(
      <CheckResultCard
        heading="Check result"
        check={buildPlaylistCheck({
          verdict: 'WARNING',
          streams: {
            __typename: 'StreamsCheck',
            sampled: 3,
            playable: 1,
            message:
              '1 of 3 sampled channels answered with video the TV plays (MPEG-TS); 1 was refused (HTTP 403: the provider may block this server’s network or country, so try it on the TV); 1 is an address this server does not open (rtmp://), so it was not tried: the TV’s player may open it.',
            samples: [
              sample('MPEG_TS', {
                name: 'News One',
                group: 'News',
                codecs: ['H.264', 'AAC'],
                message: 'Answered with an MPEG-TS stream (H.264, AAC).',
              }),
              sample('REFUSED', {
                name: 'Sport Two',
                httpStatus: 403,
                message:
                  'Refused: the account may not allow it, or the provider may block this server’s network or country. Try it on the TV.',
              }),
              sample('OTHER_SCHEME', {
                name: 'Old Feed',
                httpStatus: null,
                message:
                  'Not tried: this server opens only http and https addresses, and this one is rtmp://. The TV’s player may open it.',
              }),
            ],
          },
        } as never)}
      />,
    );
    const card = screen.getByRole('region', { name: 'Check result' });
    expect(within(card).getByRole('heading', { name: 'Channels opened' })).toBeInTheDocument();
    expect(card).toHaveTextContent('1 of 3 sampled channels answered with video the TV plays (MPEG-TS); 1 was refused');
    const list = within(card).getByRole('list', { name: 'Channels opened' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(items[0]).toHaveTextContent('News OneMPEG-TSH.264 · AACHTTP 200News');
    expect(items[0]).toHaveClass('check-card__stream--plays');
    expect(items[1]).toHaveTextContent('Sport TwoRefusedHTTP 403Refused: the account');
    expect(items[1]).toHaveClass('check-card__stream--fails');
    expect(items[2]).toHaveTextContent(
      'Old FeedNot triedNot tried: this server opens only http and https addresses, and this one is rtmp://.',
    );
    expect(items[2]).toHaveClass('check-card__stream--untried');
    // The server is not the TV: the card says so.
    expect(card).toHaveTextContent('your TV is on another network, and a provider may treat it differently');
  });

  it('says the sampled channels’ words in Arabic', async () => {
    await setTestLocale('ar');
    render(
      <CheckResultCard
        heading="نتيجة الفحص"
        check={buildPlaylistCheck({
          streams: {
            __typename: 'StreamsCheck',
            sampled: 1,
            playable: 0,
            message: 'لم تردّ القناة التي فُتحت بفيديو يشغّله التلفزيون؛ قناة واحدة لم تردّ خلال 8 ث.',
            samples: [
              {
                __typename: 'StreamSample',
                name: 'قناة الأخبار',
                group: null,
                kind: 'NO_ANSWER',
                httpStatus: null,
                codecs: [],
                message: 'لم تردّ خلال 8 ث.',
              },
            ],
          },
        } as never)}
      />,
    );
    const card = screen.getByRole('region', { name: 'نتيجة الفحص' });
    const list = within(card).getByRole('list', { name: 'القنوات التي فُتحت' });
    expect(within(list).getByRole('listitem')).toHaveTextContent('قناة الأخبارلا ردّلم تردّ خلال 8 ث.');
  });

  it('names codecs said in words in Arabic, technical ones as they are', async () => {
    await setTestLocale('ar');
    render(
      <CheckResultCard
        heading="نتيجة الفحص"
        check={buildPlaylistCheck({
          streams: {
            __typename: 'StreamsCheck',
            sampled: 1,
            playable: 1,
            message: 'ردّت القناة التي فُتحت بفيديو يشغّله التلفزيون (MPEG-TS).',
            samples: [
              {
                __typename: 'StreamSample',
                name: 'News',
                group: null,
                kind: 'MPEG_TS',
                httpStatus: 200,
                codecs: ['H.264', 'MPEG audio', 'MPEG-2 video'],
                message: 'ردّت، والرد بث MPEG-TS ‏(H.264، صوت MPEG).',
              },
            ],
          },
        } as never)}
      />,
    );
    const codecs = document.querySelector('.check-card__stream-codecs')!;
    expect(codecs).toHaveTextContent('H.264 · صوت MPEG · فيديو MPEG-2');
    expect(codecs).not.toHaveTextContent('MPEG audio');
  });
});
