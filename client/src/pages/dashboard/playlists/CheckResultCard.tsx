import { useEffect, useId, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { FormattedMessage, defineMessages, useIntl } from 'react-intl';
import type { PlaylistCheckVerdict } from '../../../__generated__/graphql';
import { useLocale } from '../../../i18n/LocaleProvider';
import { useFormatDate, useFormatNumber, useKeepDatesTogether } from '../../../i18n/format';
import {
  CODEC_WORDS,
  GUIDE_SOURCE_LABELS,
  LINE_STATE_LABELS,
  PROBLEM_LABELS,
  STREAM_KIND_LABELS,
  VERDICT_LABELS,
  streamOutcome,
  useCheckWords,
} from './playlistCheck';
import type { PlaylistCheck } from './playlistCheck';
import '../../../styles/playlist-check.css';

type ChannelSample = NonNullable<PlaylistCheck['m3u']>['sample'][number];
type CannotOpenKind = NonNullable<PlaylistCheck['m3u']>['cannotOpen'][number];
type GuideCoverage = NonNullable<NonNullable<PlaylistCheck['epg']>['coverage']>;
type StreamSample = NonNullable<PlaylistCheck['streams']>['samples'][number];

/** The card's fact labels and short answers. */
const FACTS = defineMessages({
  problem: { id: 'check.fact.problem', defaultMessage: 'Problem' },
  httpStatus: { id: 'check.fact.httpStatus', defaultMessage: 'HTTP status' },
  channels: { id: 'check.fact.channels', defaultMessage: 'Channels' },
  groups: { id: 'check.fact.groups', defaultMessage: 'Groups' },
  entriesWithoutUrl: { id: 'check.fact.entriesWithoutUrl', defaultMessage: 'Entries without a stream' },
  backupUrls: { id: 'check.fact.backupUrls', defaultMessage: 'Backup addresses' },
  guideUrls: { id: 'check.fact.guideUrls', defaultMessage: 'Guide URLs' },
  line: { id: 'check.fact.line', defaultMessage: 'Line' },
  panelSays: { id: 'check.fact.panelSays', defaultMessage: 'The panel says' },
  expiredOn: { id: 'check.fact.expiredOn', defaultMessage: 'Expired on' },
  expires: { id: 'check.fact.expires', defaultMessage: 'Expires' },
  trial: { id: 'check.fact.trial', defaultMessage: 'Trial' },
  connections: { id: 'check.fact.connections', defaultMessage: 'Connections' },
  streamFormats: { id: 'check.fact.streamFormats', defaultMessage: 'Stream formats' },
  liveCategories: { id: 'check.fact.liveCategories', defaultMessage: 'Live categories' },
  filmCategories: { id: 'check.fact.filmCategories', defaultMessage: 'Film categories' },
  seriesCategories: { id: 'check.fact.seriesCategories', defaultMessage: 'Series categories' },
  guide: { id: 'check.fact.guide', defaultMessage: 'Guide' },
  reachable: { id: 'check.fact.reachable', defaultMessage: 'Reachable' },
  xmltv: { id: 'check.fact.xmltv', defaultMessage: 'XMLTV' },
  guideChannels: { id: 'check.fact.guideChannels', defaultMessage: 'Guide channels' },
  withProgrammes: { id: 'check.fact.withProgrammes', defaultMessage: 'With programmes' },
  coverage: { id: 'check.fact.coverage', defaultMessage: 'Your channels in the guide' },
  none: { id: 'check.none', defaultMessage: 'None' },
  never: { id: 'check.never', defaultMessage: 'Never' },
  yes: { id: 'check.yes', defaultMessage: 'Yes' },
  no: { id: 'check.no', defaultMessage: 'No' },
});

/** The verdict as a coloured badge whose words carry the meaning on their own. */
export function VerdictBadge({ verdict, compact = false }: { verdict: PlaylistCheckVerdict; compact?: boolean }) {
  return (
    <span className={`verdict verdict--${verdict.toLowerCase()}${compact ? ' verdict--compact' : ''}`}>
      <VerdictIcon verdict={verdict} />
      <FormattedMessage {...VERDICT_LABELS[verdict]} />
    </span>
  );
}

export interface CheckResultCardProps {
  check: PlaylistCheck;
  heading: string;
  /** Shows a Close button with this accessible name. */
  dismissLabel?: string;
  onDismiss?: () => void;
  /** Moves focus to the card when it appears while focus is nowhere (the busy Check button gave it up). */
  takeFocus?: boolean;
}

/** What a playlist check found, for people: the verdict, why, and what the playlist or account holds. */
export function CheckResultCard({ check, heading, dismissLabel, onDismiss, takeFocus = false }: CheckResultCardProps) {
  const headingId = useId();
  const warningsId = useId();
  const sampleId = useId();
  const cannotOpenId = useId();
  const streamsId = useId();
  const cardRef = useRef<HTMLElement>(null);
  const { m3u, xc, epg, streams } = check;
  const intl = useIntl();
  const { text } = useLocale();
  // The server's sentences, its dates kept on one line.
  const keepDates = useKeepDatesTogether();
  const say = (sentence: string) => keepDates(text(sentence));
  const count = useFormatNumber();
  const formatDate = useFormatDate();
  const words = useCheckWords();
  const label = (id: keyof typeof FACTS) => intl.formatMessage(FACTS[id]);
  const yesNo = (value: boolean) => intl.formatMessage(value ? FACTS.yes : FACTS.no);

  useEffect(() => {
    if (!takeFocus) return;
    const active = document.activeElement;
    if (active === null || active === document.body) cardRef.current?.focus();
  }, [takeFocus, check]);

  return (
    <section
      ref={cardRef}
      className={`check-card check-card--${check.verdict.toLowerCase()}`}
      aria-labelledby={headingId}
      tabIndex={-1}
    >
      <div className="check-card__head">
        <h2 id={headingId} className="check-card__title">
          {heading}
        </h2>
        <VerdictBadge verdict={check.verdict} />
        {onDismiss && (
          <button type="button" className="check-card__close" aria-label={dismissLabel} onClick={onDismiss}>
            <FormattedMessage id="check.close" defaultMessage="Close" />
          </button>
        )}
      </div>

      <p className="check-card__message">{say(check.message)}</p>

      {check.warnings.length > 0 && (
        <div className="check-card__warnings">
          <h3 id={warningsId} className="check-card__subtitle">
            <FormattedMessage id="check.warnings" defaultMessage="Warnings" />
          </h3>
          <ul aria-labelledby={warningsId}>
            {check.warnings.map((warning, index) => (
              <li key={index}>{say(warning)}</li>
            ))}
          </ul>
        </div>
      )}

      {(check.problem !== null || check.httpStatus !== null) && (
        <dl className="check-card__facts">
          {check.problem !== null && (
            <Fact label={label('problem')}>{intl.formatMessage(PROBLEM_LABELS[check.problem])}</Fact>
          )}
          {check.httpStatus !== null && <Fact label={label('httpStatus')}>{check.httpStatus}</Fact>}
        </dl>
      )}

      {m3u && (
        <div className="check-card__group">
          <h3 className="check-card__subtitle">
            <FormattedMessage id="check.playlist" defaultMessage="Playlist" />
          </h3>
          <dl className="check-card__facts">
            <Fact label={label('channels')}>{count(m3u.channels)}</Fact>
            <Fact label={label('groups')}>{count(m3u.groups)}</Fact>
            <Fact label={label('entriesWithoutUrl')}>{count(m3u.entriesWithoutUrl)}</Fact>
            {m3u.backupUrls > 0 && <Fact label={label('backupUrls')}>{count(m3u.backupUrls)}</Fact>}
            <Fact label={label('guideUrls')} wide>
              {m3u.guideUrls.length === 0 ? (
                label('none')
              ) : (
                <ul className="check-card__urls">
                  {m3u.guideUrls.map((url) => (
                    <li key={url} className="check-card__url" title={url} dir="ltr">
                      {url}
                    </li>
                  ))}
                </ul>
              )}
            </Fact>
          </dl>
          {m3u.cannotOpen.length > 0 && (
            <>
              <h4 id={cannotOpenId} className="check-card__subtitle check-card__subtitle--small">
                <FormattedMessage id="check.cannotOpen" defaultMessage="What the TV cannot open" />
              </h4>
              <ul className="check-card__cannot" aria-labelledby={cannotOpenId}>
                {m3u.cannotOpen.map((kind) => (
                  <CannotOpenItem key={kind.kind} kind={kind} />
                ))}
              </ul>
            </>
          )}
          {m3u.sample.length > 0 && (
            <>
              <h4 id={sampleId} className="check-card__subtitle check-card__subtitle--small">
                <FormattedMessage id="check.sample" defaultMessage="Sample channels" />
              </h4>
              <ul className="check-card__sample" aria-labelledby={sampleId}>
                {m3u.sample.map((channel, index) => (
                  <SampleChannel key={index} channel={channel} />
                ))}
              </ul>
            </>
          )}
        </div>
      )}

      {xc && (
        <div className="check-card__group">
          <h3 className="check-card__subtitle">
            <FormattedMessage id="check.account" defaultMessage="Account" />
          </h3>
          <dl className="check-card__facts">
            <Fact label={label('line')}>
              <span className={`check-card__state check-card__state--${xc.state === 'ACTIVE' ? 'ok' : 'failed'}`}>
                {intl.formatMessage(LINE_STATE_LABELS[xc.state])}
              </span>
            </Fact>
            {xc.state !== 'NOT_ACCEPTED' && (
              <>
                {xc.status.trim() && xc.status.trim().toLowerCase() !== xc.state.toLowerCase() && (
                  // The panel's own word for the line, as it wrote it.
                  <Fact label={label('panelSays')}>
                    <bdi>{xc.status}</bdi>
                  </Fact>
                )}
                <Fact label={label(xc.state === 'EXPIRED' ? 'expiredOn' : 'expires')}>
                  {xc.expiresAt ? formatDate(xc.expiresAt) : label('never')}
                </Fact>
                <Fact label={label('trial')}>{yesNo(xc.isTrial)}</Fact>
                <Fact label={label('connections')}>
                  <span dir="ltr">
                    {xc.activeConnections ?? '—'} / {xc.maxConnections ?? '—'}
                  </span>
                </Fact>
                {xc.allowedFormats && (
                  <Fact label={label('streamFormats')}>
                    {xc.allowedFormats.length === 0 ? (
                      label('none')
                    ) : (
                      <bdi>{xc.allowedFormats.join(', ').toUpperCase()}</bdi>
                    )}
                  </Fact>
                )}
              </>
            )}
            {xc.state === 'ACTIVE' && (
              <>
                <Fact label={label('liveCategories')}>{count(xc.liveCategories)}</Fact>
                <Fact label={label('filmCategories')}>{count(xc.vodCategories)}</Fact>
                <Fact label={label('seriesCategories')}>{count(xc.seriesCategories)}</Fact>
              </>
            )}
          </dl>
        </div>
      )}

      {streams && (
        <div className="check-card__group">
          <h3 id={streamsId} className="check-card__subtitle">
            <FormattedMessage id="check.streams" defaultMessage="Channels opened" />
          </h3>
          <p className="check-card__streams-summary">{say(streams.message)}</p>
          {streams.samples.length > 0 && (
            <ul className="check-card__streams" aria-labelledby={streamsId}>
              {streams.samples.map((sample, index) => (
                <StreamSampleItem key={index} sample={sample} />
              ))}
            </ul>
          )}
          <p className="check-card__note">
            <FormattedMessage
              id="check.streamsNote"
              defaultMessage="Opened from this website’s server, a few seconds each: your TV is on another network, and a provider may treat it differently."
            />
          </p>
        </div>
      )}

      {epg && (
        <div className="check-card__group">
          <h3 className="check-card__subtitle">
            <FormattedMessage id="check.guideTitle" defaultMessage="Guide (EPG)" />
          </h3>
          <dl className="check-card__facts">
            {epg.source && <Fact label={label('guide')}>{intl.formatMessage(GUIDE_SOURCE_LABELS[epg.source])}</Fact>}
            <Fact label={label('reachable')}>{yesNo(epg.reachable)}</Fact>
            <Fact label={label('xmltv')}>{yesNo(epg.xmltv)}</Fact>
            <Fact label={label('guideChannels')}>{count(epg.channels)}</Fact>
            {epg.channelsWithProgrammes !== null && (
              <Fact label={label('withProgrammes')}>{count(epg.channelsWithProgrammes)}</Fact>
            )}
            {epg.coverage && (
              <Fact label={label('coverage')} wide>
                <CoverageMeter coverage={epg.coverage} />
              </Fact>
            )}
          </dl>
          {epg.message && <p className="check-card__note">{say(epg.message)}</p>}
        </div>
      )}

      <p className="check-card__meta">
        <FormattedMessage
          id="check.meta"
          defaultMessage="Checked {when} · took {duration}"
          values={{
            when: <time dateTime={check.checkedAt}>{words.checkedAt(check.checkedAt)}</time>,
            duration: words.duration(check.durationMs),
          }}
        />
      </p>
    </section>
  );
}

/** How many of the playlist's channels have programmes: a bar and the numbers, in words. */
function CoverageMeter({ coverage }: { coverage: GuideCoverage }) {
  const intl = useIntl();
  const count = useFormatNumber();
  const share = coverage.channels === 0 ? 0 : coverage.covered / coverage.channels;
  const percent = share > 0 && share < 0.01 ? '<1' : String(Math.round(share * 100));
  const low = share < 0.5;
  return (
    <div className="check-card__coverage">
      <span>
        <FormattedMessage
          id="check.coverage"
          defaultMessage="{covered} of {total, plural, one {{channels} channel} other {{channels} channels}} have programmes ({percent}%)"
          values={{
            covered: count(coverage.covered),
            total: coverage.channels,
            channels: count(coverage.channels),
            percent,
          }}
        />
      </span>
      <span
        className={`check-card__meter${low ? ' check-card__meter--low' : ''}`}
        role="meter"
        aria-label={intl.formatMessage({ id: 'check.coverageMeter', defaultMessage: 'Channels with programmes' })}
        aria-valuemin={0}
        aria-valuemax={coverage.channels}
        aria-valuenow={coverage.covered}
        aria-valuetext={intl.formatMessage(
          { id: 'check.coverageValue', defaultMessage: '{covered} of {channels}' },
          { covered: count(coverage.covered), channels: count(coverage.channels) },
        )}
      >
        <span style={{ width: `${Math.min(100, share * 100)}%` }} />
      </span>
      {coverage.covered > 0 && (
        <span className="check-card__coverage-how">
          <FormattedMessage
            id="check.coverageHow"
            defaultMessage="Found by guide id (tvg-id): {byId} · by name: {byName}"
            values={{ byId: count(coverage.byId), byName: count(coverage.byName) }}
          />
        </span>
      )}
    </div>
  );
}

function CannotOpenItem({ kind }: { kind: CannotOpenKind }) {
  const { text: say } = useLocale();
  const count = useFormatNumber();
  return (
    <li className="check-card__cannot-item">
      <span className="check-card__cannot-head">
        <strong dir="ltr">
          {count(kind.count)} × {kind.kind}
        </strong>
        {kind.examples.length > 0 && (
          <span className="check-card__cannot-examples" dir="ltr">
            {' '}
            ({kind.examples.join(', ')}
            {kind.count > kind.examples.length ? ', …' : ''})
          </span>
        )}
      </span>
      <span className="check-card__cannot-reason">{say(kind.reason)}</span>
    </li>
  );
}

/** One channel the check opened: its name, what it answered (a word, the codecs, the HTTP status) and why. */
function StreamSampleItem({ sample }: { sample: StreamSample }) {
  const intl = useIntl();
  const { text: say } = useLocale();
  const name = sample.name.trim() || intl.formatMessage({ id: 'check.channel.noName', defaultMessage: '(no name)' });
  const outcome = streamOutcome(sample.kind);
  return (
    <li className={`check-card__stream check-card__stream--${outcome}`}>
      <span className="check-card__stream-head">
        <bdi className="check-card__stream-name">{name}</bdi>
        <span className="check-card__stream-kind">{intl.formatMessage(STREAM_KIND_LABELS[sample.kind])}</span>
        {sample.codecs.length > 0 && (
          <span className="check-card__stream-codecs" dir="ltr">
            {sample.codecs
              .map((codec) => (Object.hasOwn(CODEC_WORDS, codec) ? intl.formatMessage(CODEC_WORDS[codec]!) : codec))
              .join(' · ')}
          </span>
        )}
        {sample.httpStatus !== null && (
          <span className="check-card__stream-status" dir="ltr">
            HTTP {sample.httpStatus}
          </span>
        )}
      </span>
      {sample.group && <span className="check-card__channel-group">{sample.group}</span>}
      <span className="check-card__stream-message">{say(sample.message)}</span>
    </li>
  );
}

function Fact({ label, wide = false, children }: { label: string; wide?: boolean; children: ReactNode }) {
  return (
    <div className={`check-card__fact${wide ? ' check-card__fact--wide' : ''}`}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** Logos are other sites' images: one that does not load (gone, or refused by the page's CSP) just goes away. */
function SampleChannel({ channel }: { channel: ChannelSample }) {
  const intl = useIntl();
  const [logoFailed, setLogoFailed] = useState(false);
  // A channel the playlist gives no name arrives with an empty one.
  const name = channel.name.trim() || intl.formatMessage({ id: 'check.channel.noName', defaultMessage: '(no name)' });
  // Only absolute web addresses: a relative one would be fetched from this site.
  const logo = channel.logo && /^https?:\/\//i.test(channel.logo) && !logoFailed ? channel.logo : null;
  return (
    <li className="check-card__channel">
      <span className="check-card__logo">
        {logo ? (
          <img
            src={logo}
            alt={name}
            width={32}
            height={32}
            loading="lazy"
            decoding="async"
            referrerPolicy="no-referrer"
            onError={() => setLogoFailed(true)}
          />
        ) : (
          // A letter in the logo's place keeps the sample's rows alike.
          <span className="check-card__initial" aria-hidden="true">
            {Array.from(name)[0]?.toUpperCase() ?? ''}
          </span>
        )}
      </span>
      <span className="check-card__channel-text">
        {/* The logo's alt text already says the name; the visible name is read only once the logo is gone. */}
        <span className="check-card__channel-name" title={name} aria-hidden={logo ? true : undefined}>
          {name}
        </span>
        {channel.group && <span className="check-card__channel-group">{channel.group}</span>}
      </span>
    </li>
  );
}

function VerdictIcon({ verdict }: { verdict: PlaylistCheckVerdict }) {
  const paths: Record<PlaylistCheckVerdict, string> = {
    OK: 'M9 16.2 4.8 12l-1.4 1.4L9 19 21 7l-1.4-1.4L9 16.2z',
    WARNING: 'M1 21h22L12 2 1 21zm12-3h-2v-2h2v2zm0-4h-2v-4h2v4z',
    FAILED: 'M19 6.41 17.59 5 12 10.59 6.41 5 5 6.41 10.59 12 5 17.59 6.41 19 12 13.41 17.59 19 19 17.59 13.41 12z',
  };
  return (
    <svg viewBox="0 0 24 24" width="14" height="14" aria-hidden="true" focusable="false">
      <path fill="currentColor" d={paths[verdict]} />
    </svg>
  );
}
