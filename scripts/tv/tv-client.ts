/**
 * A reference TV client of the graph: what a TV app does, in about a hundred lines, for app developers to read
 * beside docs/tv-api.md, for `npm run tv` (scripts/tv/cli.ts), and for the integration tests, which use it as the
 * TV. It needs nothing but fetch.
 */

export interface DeviceSummary {
  id: string;
  macAddress: string;
  status: 'TRIAL' | 'ACTIVE' | 'INACTIVE';
  expireDate: string | null;
  hasParentPin: boolean;
  playlistsVersion: number;
}

export interface TvPlaylist {
  id: string;
  name: string;
  type: 'GENERAL' | 'XC' | 'CODE';
  isProtected: boolean;
  locked: boolean;
  url: string | null;
  epgUrl: string | null;
  username: string | null;
  password: string | null;
  playlistCode: string | null;
}

export interface TvStartData {
  currentDevice: DeviceSummary | null;
  playlists: TvPlaylist[];
}

export type TvLinkStatus = 'PENDING' | 'SLOW_DOWN' | 'APPROVED' | 'REFUSED' | 'EXPIRED';

export interface TvLinkRequest {
  code: string;
  pollHandle: string;
  interval: number;
  expiresIn: number;
  verificationUrl: string;
}

/** A refusal of the graph: its code (docs/tv-api.md, Errors) and HTTP status. */
export class TvApiError extends Error {
  constructor(
    message: string,
    readonly code: string | undefined,
    readonly status: number,
    readonly extensions: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'TvApiError';
  }
}

/** The server did not answer at all (not running, wrong address, no network): fetch's bare "fetch failed", named. */
export class TvServerUnreachableError extends Error {
  constructor(
    readonly baseUrl: string,
    /** The system's reason (ECONNREFUSED, ENOTFOUND, ETIMEDOUT…), when it gave one. */
    readonly reason: string | undefined,
    options?: ErrorOptions,
  ) {
    super(`The server at ${baseUrl} did not answer${reason ? ` (${reason})` : ''}.`, options);
    this.name = 'TvServerUnreachableError';
  }
}

interface GraphAnswer<T> {
  data?: T | null;
  errors?: Array<{ message: string; extensions?: Record<string, unknown> }>;
}

export class TvClient {
  private operationIds: Record<string, string> | undefined;

  constructor(
    readonly baseUrl: string,
    /** The TV's device token, once it has one. */
    public token?: string,
  ) {}

  private headers(extra: Record<string, string> = {}): Record<string, string> {
    return { ...(this.token ? { authorization: `Bearer ${this.token}` } : {}), ...extra };
  }

  private static answer<T>(status: number, body: GraphAnswer<T>): T {
    const [error] = body.errors ?? [];
    if (error || !body.data) {
      const code = error?.extensions?.code;
      throw new TvApiError(error?.message ?? 'No data', typeof code === 'string' ? code : undefined, status, {
        ...error?.extensions,
      });
    }
    return body.data;
  }

  /** fetch(), with a server that does not answer told apart from one that refuses (TvApiError). */
  private async fetch(url: string, init?: RequestInit): Promise<Response> {
    try {
      return await fetch(url, init);
    } catch (err) {
      // undici rejects with TypeError('fetch failed'), the system's error as its cause.
      if (!(err instanceof TypeError)) throw err;
      const cause = err.cause as { code?: unknown } | undefined;
      throw new TvServerUnreachableError(this.baseUrl, typeof cause?.code === 'string' ? cause.code : undefined, {
        cause: err,
      });
    }
  }

  /** Any operation, by POST. */
  async graph<T>(query: string, variables?: Record<string, unknown>): Promise<T> {
    const res = await this.fetch(`${this.baseUrl}/graphql`, {
      method: 'POST',
      headers: this.headers({ 'content-type': 'application/json' }),
      body: JSON.stringify({ query, variables }),
    });
    return TvClient.answer<T>(res.status, (await res.json()) as GraphAnswer<T>);
  }

  /** First launch: a trial starts; the device key is to be shown, the token kept (this client keeps it). */
  async register(input: { macAddress: string; model?: string; appVersion?: string }) {
    const { registerDevice } = await this.graph<{ registerDevice: { deviceKey: string; deviceToken: string } }>(
      'mutation($i: RegisterDeviceInput!) { registerDevice(input: $i) { deviceKey deviceToken } }',
      { i: input },
    );
    this.token = registerDevice.deviceToken;
    return registerDevice;
  }

  /**
   * The start-up read (the safelisted TvStart, by id, as a GET). With the ETag of the last answer, an unchanged
   * state answers `{ changed: false }` and costs next to nothing.
   */
  async start(etag?: string): Promise<{ changed: true; data: TvStartData; etag: string | null } | { changed: false }> {
    this.operationIds ??= Object.fromEntries(
      Object.entries(
        (await (await this.fetch(`${this.baseUrl}/graphql/operations.json`)).json()) as Record<string, { id: string }>,
      ).map(([name, op]) => [name, op.id]),
    );
    const extensions = JSON.stringify({ persistedQuery: { version: 1, sha256Hash: this.operationIds.TvStart } });
    const res = await this.fetch(
      `${this.baseUrl}/graphql?${new URLSearchParams({ operationName: 'TvStart', extensions })}`,
      {
        headers: this.headers({ 'apollo-require-preflight': 'true', ...(etag ? { 'if-none-match': etag } : {}) }),
      },
    );
    if (res.status === 304) return { changed: false };
    const data = TvClient.answer<TvStartData>(res.status, (await res.json()) as GraphAnswer<TvStartData>);
    return { changed: true, data, etag: res.headers.get('etag') };
  }

  /** A protected playlist's details, with its PIN: in this answer only. */
  async unlock(id: string, pin: string): Promise<TvPlaylist> {
    const { unlockPlaylist } = await this.graph<{ unlockPlaylist: { playlist: TvPlaylist } }>(
      `mutation($i: UnlockPlaylistInput!) { unlockPlaylist(input: $i) {
        playlist { id name type isProtected locked url epgUrl username password playlistCode } } }`,
      { i: { id, pin } },
    );
    return unlockPlaylist.playlist;
  }

  async checkParentPin(pin: string): Promise<boolean> {
    const { checkParentPin } = await this.graph<{ checkParentPin: { valid: boolean } }>(
      'mutation($i: CheckParentPinInput!) { checkParentPin(input: $i) { valid } }',
      { i: { pin } },
    );
    return checkParentPin.valid;
  }

  /**
   * Asks to be linked: show `code`, and a QR code of `verificationUrl`, for the owner to approve in the portal;
   * keep `pollHandle` to yourself.
   * - A TV without a token (a reinstalled app) is linked back to its own MAC address's device.
   * - A TV with its own token (a new TV that registered) proves it holds its MAC address, so the owner of another
   *   device may approve the code as a switch of that device onto this TV.
   * A token that no longer opens anything (401: revoked or expired) is dropped and the request sent without it.
   */
  async requestLink(input: { macAddress: string; model?: string; appVersion?: string }): Promise<TvLinkRequest> {
    try {
      return await this.askLink(input);
    } catch (err) {
      if (!(this.token && err instanceof TvApiError && err.status === 401)) throw err;
      this.token = undefined;
      return this.askLink(input);
    }
  }

  private async askLink(input: { macAddress: string; model?: string; appVersion?: string }): Promise<TvLinkRequest> {
    const { requestTvLink } = await this.graph<{ requestTvLink: TvLinkRequest }>(
      `mutation($i: RequestTvLinkInput!) {
        requestTvLink(input: $i) { code pollHandle interval expiresIn verificationUrl } }`,
      { i: input },
    );
    return requestTvLink;
  }

  /** One poll of a link request: PENDING, SLOW_DOWN (wait `interval` from now on), APPROVED, REFUSED or EXPIRED. */
  async pollLink(pollHandle: string): Promise<{ status: TvLinkStatus; interval: number; deviceToken: string | null }> {
    const { pollTvLink } = await this.graph<{
      pollTvLink: { status: TvLinkStatus; interval: number; deviceToken: string | null };
    }>('mutation($i: PollTvLinkInput!) { pollTvLink(input: $i) { status interval deviceToken } }', {
      i: { pollHandle },
    });
    return pollTvLink;
  }

  /**
   * Polls a link request at the interval the server asks for until the owner answers: approved, the client keeps
   * the new token and this resolves 'APPROVED'; otherwise 'REFUSED' or 'EXPIRED'.
   */
  async waitForLink(link: TvLinkRequest): Promise<'APPROVED' | 'REFUSED' | 'EXPIRED'> {
    let interval = link.interval;
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, interval * 1000));
      const poll = await this.pollLink(link.pollHandle);
      interval = poll.interval;
      if (poll.status === 'APPROVED' && poll.deviceToken) {
        this.token = poll.deviceToken;
        return 'APPROVED';
      }
      if (poll.status === 'REFUSED' || poll.status === 'EXPIRED') return poll.status;
    }
  }

  /** A new token for this one, which stops working: the client keeps the new one. */
  async renew(): Promise<string> {
    const { renewDeviceToken } = await this.graph<{ renewDeviceToken: { deviceToken: string } }>(
      'mutation { renewDeviceToken { deviceToken } }',
    );
    this.token = renewDeviceToken.deviceToken;
    return this.token;
  }
}
