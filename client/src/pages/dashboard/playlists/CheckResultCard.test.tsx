import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { buildPlaylistCheck } from '../../../test/factories';
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
            guideUrls: ['http://provider.example/epg.xml'],
            sample: [
              { name: 'Sky Sports', logo: 'https://logos.example/sky.png', group: 'Sports' },
              { name: 'Eurosport', logo: null, group: null },
              { name: 'Local TV', logo: 'logos/local.png', group: null },
            ],
          },
          epg: { reachable: true, xmltv: true, channels: 980, message: null },
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
            expiresAt: EXPIRES_AT,
            isTrial: true,
            maxConnections: 2,
            activeConnections: 1,
            liveCategories: 40,
            vodCategories: 12,
            seriesCategories: 8,
          },
          epg: {
            reachable: true,
            xmltv: false,
            channels: 0,
            message: 'The guide could not be read: it is not an XMLTV document.',
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
    expect(fact(card, 'Account status')).toBe('Active');
    expect(fact(card, 'Expires')).toBe('1 Dec. 2026');
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

  it('an account without an end or a connection limit', () => {
    render(
      <CheckResultCard
        heading="Check result"
        check={buildPlaylistCheck({
          m3u: null,
          xc: {
            status: 'Active',
            expiresAt: null,
            isTrial: false,
            maxConnections: null,
            activeConnections: null,
            liveCategories: 1,
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
