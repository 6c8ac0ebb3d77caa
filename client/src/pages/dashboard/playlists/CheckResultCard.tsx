import { useEffect, useId, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { formatDisplayDate } from '../../../../../common/dates';
import type { PlaylistCheckVerdict } from '../../../__generated__/graphql';
import {
  GUIDE_SOURCE_LABELS,
  LINE_STATE_LABELS,
  PROBLEM_LABELS,
  VERDICT_LABELS,
  formatCheckedAt,
  formatDuration,
} from './playlistCheck';
import type { PlaylistCheck } from './playlistCheck';
import '../../../styles/playlist-check.css';

type ChannelSample = NonNullable<PlaylistCheck['m3u']>['sample'][number];
type CannotOpenKind = NonNullable<PlaylistCheck['m3u']>['cannotOpen'][number];
type GuideCoverage = NonNullable<NonNullable<PlaylistCheck['epg']>['coverage']>;

const count = (value: number) => value.toLocaleString('en');
const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

/** The verdict as a coloured badge whose words carry the meaning on their own. */
export function VerdictBadge({ verdict, compact = false }: { verdict: PlaylistCheckVerdict; compact?: boolean }) {
  return (
    <span className={`verdict verdict--${verdict.toLowerCase()}${compact ? ' verdict--compact' : ''}`}>
      <VerdictIcon verdict={verdict} />
      {VERDICT_LABELS[verdict]}
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
  const cardRef = useRef<HTMLElement>(null);
  const { m3u, xc, epg } = check;

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
            Close
          </button>
        )}
      </div>

      <p className="check-card__message">{check.message}</p>

      {check.warnings.length > 0 && (
        <div className="check-card__warnings">
          <h3 id={warningsId} className="check-card__subtitle">
            Warnings
          </h3>
          <ul aria-labelledby={warningsId}>
            {check.warnings.map((warning, index) => (
              <li key={index}>{warning}</li>
            ))}
          </ul>
        </div>
      )}

      {(check.problem !== null || check.httpStatus !== null) && (
        <dl className="check-card__facts">
          {check.problem !== null && <Fact label="Problem">{PROBLEM_LABELS[check.problem]}</Fact>}
          {check.httpStatus !== null && <Fact label="HTTP status">{check.httpStatus}</Fact>}
        </dl>
      )}

      {m3u && (
        <div className="check-card__group">
          <h3 className="check-card__subtitle">Playlist</h3>
          <dl className="check-card__facts">
            <Fact label="Channels">{count(m3u.channels)}</Fact>
            <Fact label="Groups">{count(m3u.groups)}</Fact>
            <Fact label="Entries without a stream">{count(m3u.entriesWithoutUrl)}</Fact>
            {m3u.backupUrls > 0 && <Fact label="Backup addresses">{count(m3u.backupUrls)}</Fact>}
            <Fact label="Guide URLs" wide>
              {m3u.guideUrls.length === 0 ? (
                'None'
              ) : (
                <ul className="check-card__urls">
                  {m3u.guideUrls.map((url) => (
                    <li key={url} className="check-card__url" title={url}>
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
                What the TV cannot open
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
                Sample channels
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
          <h3 className="check-card__subtitle">Account</h3>
          <dl className="check-card__facts">
            <Fact label="Line">
              <span className={`check-card__state check-card__state--${xc.state === 'ACTIVE' ? 'ok' : 'failed'}`}>
                {LINE_STATE_LABELS[xc.state]}
              </span>
            </Fact>
            {xc.state !== 'NOT_ACCEPTED' && (
              <>
                {xc.status.trim().toLowerCase() !== xc.state.toLowerCase() && (
                  <Fact label="The panel says">{xc.status}</Fact>
                )}
                <Fact label={xc.state === 'EXPIRED' ? 'Expired on' : 'Expires'}>
                  {xc.expiresAt ? formatDisplayDate(xc.expiresAt) : 'Never'}
                </Fact>
                <Fact label="Trial">{yesNo(xc.isTrial)}</Fact>
                <Fact label="Connections">
                  {xc.activeConnections ?? '—'} / {xc.maxConnections ?? '—'}
                </Fact>
                {xc.allowedFormats && (
                  <Fact label="Stream formats">
                    {xc.allowedFormats.length === 0 ? 'None' : xc.allowedFormats.join(', ').toUpperCase()}
                  </Fact>
                )}
              </>
            )}
            {xc.state === 'ACTIVE' && (
              <>
                <Fact label="Live categories">{count(xc.liveCategories)}</Fact>
                <Fact label="Film categories">{count(xc.vodCategories)}</Fact>
                <Fact label="Series categories">{count(xc.seriesCategories)}</Fact>
              </>
            )}
          </dl>
        </div>
      )}

      {epg && (
        <div className="check-card__group">
          <h3 className="check-card__subtitle">Guide (EPG)</h3>
          <dl className="check-card__facts">
            {epg.source && <Fact label="Guide">{GUIDE_SOURCE_LABELS[epg.source]}</Fact>}
            <Fact label="Reachable">{yesNo(epg.reachable)}</Fact>
            <Fact label="XMLTV">{yesNo(epg.xmltv)}</Fact>
            <Fact label="Guide channels">{count(epg.channels)}</Fact>
            {epg.channelsWithProgrammes !== null && (
              <Fact label="With programmes">{count(epg.channelsWithProgrammes)}</Fact>
            )}
            {epg.coverage && (
              <Fact label="Your channels in the guide" wide>
                <CoverageMeter coverage={epg.coverage} />
              </Fact>
            )}
          </dl>
          {epg.message && <p className="check-card__note">{epg.message}</p>}
        </div>
      )}

      <p className="check-card__meta">
        Checked <time dateTime={check.checkedAt}>{formatCheckedAt(check.checkedAt)}</time> · took{' '}
        {formatDuration(check.durationMs)}
      </p>
    </section>
  );
}

/** How many of the playlist's channels have programmes: a bar and the numbers, in words. */
function CoverageMeter({ coverage }: { coverage: GuideCoverage }) {
  const share = coverage.channels === 0 ? 0 : coverage.covered / coverage.channels;
  const percent = share > 0 && share < 0.01 ? '<1' : String(Math.round(share * 100));
  const low = share < 0.5;
  return (
    <div className="check-card__coverage">
      <span>
        {count(coverage.covered)} of {count(coverage.channels)} channel{coverage.channels === 1 ? '' : 's'} have
        programmes ({percent}%)
      </span>
      <span
        className={`check-card__meter${low ? ' check-card__meter--low' : ''}`}
        role="meter"
        aria-label="Channels with programmes"
        aria-valuemin={0}
        aria-valuemax={coverage.channels}
        aria-valuenow={coverage.covered}
        aria-valuetext={`${count(coverage.covered)} of ${count(coverage.channels)}`}
      >
        <span style={{ width: `${Math.min(100, share * 100)}%` }} />
      </span>
      {coverage.covered > 0 && (
        <span className="check-card__coverage-how">
          Found by guide id (tvg-id): {count(coverage.byId)} · by name: {count(coverage.byName)}
        </span>
      )}
    </div>
  );
}

function CannotOpenItem({ kind }: { kind: CannotOpenKind }) {
  return (
    <li className="check-card__cannot-item">
      <span className="check-card__cannot-head">
        <strong>
          {count(kind.count)} × {kind.kind}
        </strong>
        {kind.examples.length > 0 && (
          <span className="check-card__cannot-examples">
            {' '}
            ({kind.examples.join(', ')}
            {kind.count > kind.examples.length ? ', …' : ''})
          </span>
        )}
      </span>
      <span className="check-card__cannot-reason">{kind.reason}</span>
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
  const [logoFailed, setLogoFailed] = useState(false);
  // Only absolute web addresses: a relative one would be fetched from this site.
  const logo = channel.logo && /^https?:\/\//i.test(channel.logo) && !logoFailed ? channel.logo : null;
  return (
    <li className="check-card__channel">
      <span className="check-card__logo">
        {logo ? (
          <img
            src={logo}
            alt={channel.name}
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
            {Array.from(channel.name.trim())[0]?.toUpperCase() ?? ''}
          </span>
        )}
      </span>
      <span className="check-card__channel-text">
        {/* The logo's alt text already says the name; the visible name is read only once the logo is gone. */}
        <span className="check-card__channel-name" title={channel.name} aria-hidden={logo ? true : undefined}>
          {channel.name}
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
