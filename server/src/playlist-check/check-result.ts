/** A playlist check's result: the GraphQL PlaylistCheck type, stored as the playlist's last_check (jsonb). */

export type CheckVerdict = 'OK' | 'WARNING' | 'FAILED';

export type CheckProblem =
  | 'INVALID_URL'
  | 'DNS'
  | 'CONNECTION'
  | 'TLS'
  | 'TIMEOUT'
  | 'HTTP_STATUS'
  | 'BLOCKED_ADDRESS'
  | 'TOO_MANY_REDIRECTS'
  | 'TOO_LARGE'
  | 'LOGIN_PAGE'
  | 'NOT_M3U'
  | 'EMPTY'
  | 'XC_AUTH'
  | 'XC_INACTIVE'
  | 'XC_NOT_API';

export interface ChannelSample {
  name: string;
  logo: string | null;
  group: string | null;
}

export interface M3uCheckResult {
  channels: number;
  groups: number;
  entriesWithoutUrl: number;
  guideUrls: string[];
  sample: ChannelSample[];
}

export interface XcCheckResult {
  status: string;
  /** ISO date, or null for an account without an end. */
  expiresAt: string | null;
  isTrial: boolean;
  maxConnections: number | null;
  activeConnections: number | null;
  liveCategories: number;
  vodCategories: number;
  seriesCategories: number;
}

export interface EpgCheckResult {
  reachable: boolean;
  xmltv: boolean;
  channels: number;
  message: string | null;
}

export interface CheckResult {
  /** ISO date. */
  checkedAt: string;
  durationMs: number;
  verdict: CheckVerdict;
  reachable: boolean;
  problem: CheckProblem | null;
  message: string;
  warnings: string[];
  httpStatus: number | null;
  m3u: M3uCheckResult | null;
  xc: XcCheckResult | null;
  epg: EpgCheckResult | null;
}

/** A failure found while checking: becomes a FAILED result with this problem and message. */
export class CheckFailure extends Error {
  constructor(
    readonly problem: CheckProblem,
    message: string,
    readonly httpStatus: number | null = null,
    readonly reachable = false,
  ) {
    super(message);
    this.name = 'CheckFailure';
  }
}
