/* eslint-disable */
/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';
/** Where one payment attempt stands. */
export type ActivationStatus =
  /** The owner cancelled at the provider. */
  | 'CANCELLED'
  /** The provider reported the payment failed or expired, or the checkout could not be created. */
  | 'FAILED'
  /** Paid and confirmed by the provider: the licence was extended by this payment, once. */
  | 'PAID'
  /**
   * Some of the money arrived, not all (a crypto payment short of the invoice): no licence yet. See
   * `partialPayment` for what arrived and what is missing; support settles it.
   */
  | 'PARTIALLY_PAID'
  /** Created; the owner has not paid yet (or the provider has not confirmed it). */
  | 'PENDING'
  /** Paid, then refunded by us: the days it added were taken back from the licence. */
  | 'REFUNDED'
  /**
   * Paid, then taken back without us (a reversal, a chargeback, a dispute lost): the days it added were taken back
   * from the licence.
   */
  | 'REVERSED';

/** The parts of a card checkout's link, `/cowpay/checkout/{frameCode}/{intention}`. */
export type CardCheckoutInput = {
  /** The link's `{frameCode}`. */
  frameCode: string;
  /** The link's `{intention}`: the card frame's token. */
  token: string;
};

/**
 * Where a card checkout stands, as its page (`/cowpay/checkout/{frameCode}/{intention}`) asks before it shows the
 * card form: only an open checkout can still be paid with its link.
 */
export type CardCheckoutStatus =
  /** The card form expired before the payment was made; nothing was charged. */
  | 'EXPIRED'
  /** The payment failed or was cancelled; nothing was charged. A new payment starts from Activate Device. */
  | 'FAILED'
  /** Started and not paid yet: the card form can be shown. */
  | 'OPEN'
  /** Already paid (money arrived through it, even if it was given back later): there is nothing more to pay. */
  | 'PAID'
  /** No checkout of this site has this link (mistyped, cut short, or not this site's). */
  | 'UNKNOWN';

/** A new device key for the signed-in device. */
export type ChangeDeviceKeyInput = {
  /**
   * The device key now. Required from a TV (its device token): without it, or wrong, the change is refused with
   * `FORBIDDEN`, and wrong keys are counted like sign-in guesses. The portal session does not send it.
   */
  currentDeviceKey?: string | null | undefined;
  /** Exactly 6 digits. */
  deviceKey: string;
  /**
   * Whether the TVs signed in to the device stay signed in. By default (false) a new key signs out every TV token of
   * the device (a key that leaked may have been used to link one), except the calling TV's own when a TV changes
   * it; a signed-out TV links again with a code the owner approves.
   */
  keepTvsSignedIn?: boolean | null | undefined;
};

/** A new parent PIN for the signed-in device. */
export type ChangeParentPinInput = {
  /**
   * The parent PIN now. Required from a TV (its device token): without it, or wrong, the change is refused with
   * `FORBIDDEN`, and wrong PINs are counted like `checkParentPin`'s; a TV cannot set the first parent PIN. The
   * portal session does not send it.
   */
  currentPin?: string | null | undefined;
  /** 4 to 6 digits. */
  pin: string;
};

/** Which saved playlist to check. A protected playlist needs its PIN. */
export type CheckPlaylistInput = {
  /** The playlist's id. */
  id: string | number;
  /** The playlist's PIN, required when it is protected. */
  pin?: string | null | undefined;
};

/** Which playlist to delete. */
export type DeletePlaylistInput = {
  /** The playlist to delete. */
  id: string | number;
  /** The playlist's PIN, required when it is protected. */
  pin?: string | null | undefined;
};

/** Where a device stands with its licence. Derived from stored dates, never stored itself. */
export type DeviceStatus =
  /** Covered by a paid licence until `expireDate` (or for life when `expireDate` is null). */
  | 'ACTIVE'
  /** Neither in its trial nor covered by a paid licence: the TV app stops playing until the device is activated. */
  | 'INACTIVE'
  /** Within the free trial that starts when the device first registers (7 days unless configured otherwise). */
  | 'TRIAL';

/** Where the guide's address came from. */
export type GuideSource =
  /** The Xtream Codes panel's guide for the line (xmltv.php). */
  | 'PANEL'
  /** The playlist's own header (x-tvg-url / url-tvg). */
  | 'PLAYLIST'
  /** The guide (EPG) URL typed with the playlist. */
  | 'TYPED';

/** What the device owner types on the portal's sign-in screen. */
export type LoginInput = {
  /** The characters of the captcha picture (case does not matter). */
  captcha: string;
  /** The `token` that came with the captcha picture. */
  captchaToken: string;
  /** The 6-digit device key shown in the TV app. */
  deviceKey: string;
  /** The MAC address shown in the TV app (17 characters, `a1:b2:c3:d4:e5:f6`; hyphens are accepted too). */
  macAddress: string;
};

/** Where a dispute stands. */
export type PaymentDisputeState =
  /** Decided for the buyer: the money went back, and once it reaches what was paid the days come off. */
  | 'LOST'
  /** Opened: no money moved yet, and the licence keeps its days while it is decided. */
  | 'OPEN'
  /** Decided for us (or withdrawn): the money stayed, and any days taken back for it came back. */
  | 'WON';

/** A way to pay for the licence. Which ones are offered is configuration. */
export type PaymentMethod =
  /** Card payment through Cowpay's checkout frame. */
  | 'COWPAY'
  /** A crypto-currency payment. */
  | 'CRYPTO'
  /**
   * The external activation page of the app store, opened for the device's MAC address. Offered when the server has
   * the store's address (`ibostoreUrl`).
   */
  | 'IBOSTORE'
  /** OPay checkout. */
  | 'OPAY'
  /** OPay checkout, second merchant account. */
  | 'OPAY1'
  /** PayPal, paid through PayPal's own buttons. */
  | 'PAYPAL';

/** Why a check failed, for programs; `PlaylistCheck.message` says it for people. */
export type PlaylistCheckProblem =
  /** The address is on a private or internal network, which this service does not fetch. */
  | 'BLOCKED_ADDRESS'
  /** The server could not be reached (refused, reset, unreachable). */
  | 'CONNECTION'
  /** The name of the server could not be found. */
  | 'DNS'
  /** The playlist has no channels. */
  | 'EMPTY'
  /** The server answered with an HTTP error status. */
  | 'HTTP_STATUS'
  /** The URL is not a valid http(s) URL. */
  | 'INVALID_URL'
  /** The server sent a web page (a login or block page) instead of a playlist. */
  | 'LOGIN_PAGE'
  /** The answer is not an M3U playlist. */
  | 'NOT_M3U'
  /** The address is a single stream (an HLS master or media playlist), not a playlist of channels. */
  | 'SINGLE_STREAM'
  /** Every channel the check opened answered that it is not there (HTTP 404 or 410): the playlist is out of date. */
  | 'STREAMS_GONE'
  /** The server did not answer in time. */
  | 'TIMEOUT'
  /** The secure connection failed (certificate or handshake). */
  | 'TLS'
  /** The answer was larger than the check reads. */
  | 'TOO_LARGE'
  /** More redirects than allowed (or a redirect loop). */
  | 'TOO_MANY_REDIRECTS'
  /** The Xtream Codes server refused the username or password. */
  | 'XC_AUTH'
  /** The Xtream Codes account exists but is not active (expired, banned or disabled). */
  | 'XC_INACTIVE'
  /**
   * The Xtream Codes panel did not accept the line without saying why (XUI-based panels answer "404 Not Found"
   * for a wrong username or password and for an expired, banned or disabled line).
   */
  | 'XC_LINE_REFUSED'
  /** The Xtream Codes server answered something that is not its API. */
  | 'XC_NOT_API'
  /** The Xtream Codes panel allows the line no stream format the TV plays (TS or HLS). */
  | 'XC_NO_FORMAT';

/** How a playlist check came out, overall. */
export type PlaylistCheckVerdict =
  /** It will not play as it is: see `problem` and `message`. */
  | 'FAILED'
  /** Reachable and it looks like it will play. */
  | 'OK'
  /**
   * Reachable, but something will likely bother the owner (no guide, entries without a stream, account near
   * expiry, a guide that cannot be read).
   */
  | 'WARNING';

/**
 * A playlist as the owner fills it in. Only the fields of its `type` are read; the others may be left out.
 * Rules and messages are those of the portal's forms: a failure is `BAD_USER_INPUT` with `extensions.fieldErrors`
 * keyed by these field names.
 */
export type PlaylistInput = {
  /** Optional XMLTV guide URL (GENERAL and XC), same rules as `url`. */
  epgUrl?: string | null | undefined;
  /** Ask for a PIN before the playlist can be opened, edited or deleted. */
  isProtected?: boolean | null | undefined;
  /** Required, at most 100 characters. */
  name: string;
  /** XC: the account's password (letters, digits and !@#$%^&*)(+=._- only). */
  password?: string | null | undefined;
  /** The PIN, required when `isProtected`. Stored only as a salted hash. */
  pin?: string | null | undefined;
  /** CODE: the 6-digit playlist code. */
  playlistCode?: string | null | undefined;
  /** The kind of playlist. */
  type: PlaylistType;
  /**
   * GENERAL: the playlist URL; XC: the host URL. Must begin with http://, https:// or ftp:// (at most 8,192
   * characters).
   */
  url?: string | null | undefined;
  /** XC: the account's username. */
  username?: string | null | undefined;
};

/** The kinds of playlist a device can hold. */
export type PlaylistType =
  /** A 6-digit code the provider gave the owner. */
  | 'CODE'
  /** An M3U/M3U8 playlist at a URL, with an optional XMLTV guide. */
  | 'GENERAL'
  /** An Xtream Codes account: the provider's host URL, a username and a password. */
  | 'XC';

/** A TV to sign out. */
export type RevokeDeviceTokenInput = {
  /** The TV's `TvSession.id`. */
  id: string | number;
};

/**
 * What the payment form sends. Which fields are required depends on the method: cowpay needs the names, e-mail
 * and phone number; crypto needs the e-mail and coin type; opay and opay1 need none.
 */
export type StartActivationInput = {
  /** Code of the coin to pay with, one of `Pricing.coins` (crypto). */
  coinType?: string | null | undefined;
  /** Payer's e-mail address (cowpay, crypto). */
  email?: string | null | undefined;
  /** Payer's first name, up to 17 characters (cowpay). */
  firstName?: string | null | undefined;
  /** Payer's last name, up to 17 characters (cowpay). */
  lastName?: string | null | undefined;
  /**
   * OPAY, OPAY1, COWPAY or CRYPTO. IBOSTORE is paid on the app store's own page and PAYPAL through
   * `createPayPalOrder`; both are refused here.
   */
  method: PaymentMethod;
  /** Payer's phone number with its country dial code, e.g. `+201001234567` (cowpay). */
  phoneNumber?: string | null | undefined;
};

/**
 * What a channel the check opened answered with, from its first bytes and headers (never from its address), or
 * why it gave nothing to look at.
 */
export type StreamSampleKind =
  /** An audio-only stream (AAC in ADTS, MP3): a radio channel. */
  | 'AUDIO'
  /** An MPEG-DASH manifest (MPD). */
  | 'DASH'
  /** An answer with no body. */
  | 'EMPTY'
  /** FLV (Flash video), which many TV players do not play. */
  | 'FLV'
  /** Fragmented MP4 (moof fragments, or a moov with mvex): what CMAF and low-latency streams send. */
  | 'FRAGMENTED_MP4'
  /** Not there: HTTP 404 or 410. */
  | 'GONE'
  /** An HLS master playlist: the stream in several qualities (`#EXT-X-STREAM-INF`). */
  | 'HLS_MASTER'
  /** An HLS media playlist: a list of segments. */
  | 'HLS_MEDIA'
  /** Another HTTP error status (429, 5xx...). */
  | 'HTTP_ERROR'
  /** HTTP 451: unavailable for legal reasons where this server is. */
  | 'LEGAL_BLOCK'
  /** Matroska or WebM. */
  | 'MATROSKA'
  /** An MP4 file (ftyp and moov). */
  | 'MP4'
  /** MPEG-TS: 188-byte packets, each starting with the sync byte 0x47. */
  | 'MPEG_TS'
  /** Something that is not a video format the TV plays (text, another playlist of channels, unknown data). */
  | 'NOT_VIDEO'
  /** No answer, or no bytes, within the time one sample has. */
  | 'NO_ANSWER'
  /** An address this server does not open (rtmp://, rtsp://, udp://, rtp://...): not tried, not dead. */
  | 'OTHER_SCHEME'
  /** An address on a private or local network, which this server does not open: not tried. */
  | 'PRIVATE_ADDRESS'
  /**
   * Refused: HTTP 401 or 403, or an XUI-based panel's disguised 404. The account, or the provider blocking this
   * server's network or country: the TV may be let in.
   */
  | 'REFUSED'
  /** Could not be reached from this server (DNS, connection, TLS, redirects). */
  | 'UNREACHABLE'
  /** A web page (a login, error or block page) instead of video. */
  | 'WEB_PAGE';

/**
 * The MAC address the signed-in device's licence, playlists and keys move to, with proof that the owner holds
 * that TV.
 */
export type SwitchMacAddressInput = {
  /** The 6-digit device key the app shows on the new TV (it registered with `registerDevice` on first launch). */
  deviceKey: string;
  /** The new TV's MAC address (17 characters, `a1:b2:c3:d4:e5:f6`). */
  macAddress: string;
};

/** A link code the owner answers. */
export type TvLinkCodeInput = {
  /** The code the TV shows, with or without its dash, in any case. */
  code: string;
};

/** A protected playlist and the PIN that opens it. */
export type UnlockPlaylistInput = {
  /** The playlist to open. */
  id: string | number;
  /** Its PIN. Wrong PINs are counted: after a few the playlist stays shut for a while (`RATE_LIMITED`). */
  pin: string;
};

/** Changes to an existing playlist. */
export type UpdatePlaylistInput = {
  /** The playlist's current PIN, required when it is protected now. */
  currentPin?: string | null | undefined;
  /** The playlist to change. */
  id: string | number;
  /** The playlist as it should be after the change (a whole replacement). */
  playlist: PlaylistInput;
};

/** The Xtream Codes line as the TV will find it. */
export type XcLineState =
  /** Active and not past its end date. */
  | 'ACTIVE'
  /** Banned by the provider. */
  | 'BANNED'
  /** Disabled by the provider. */
  | 'DISABLED'
  /** Past its end date (whatever the panel calls it). */
  | 'EXPIRED'
  /** The panel refused the username and password, or the line, without saying more. */
  | 'NOT_ACCEPTED'
  /** Another status the panel gave. */
  | 'OTHER';

export type DeviceFieldsFragment = { id: string, macAddress: string, status: DeviceStatus, createdAt: string, expireDate: string | null, hasParentPin: boolean };

export type CurrentDeviceQueryVariables = Exact<{ [key: string]: never; }>;


export type CurrentDeviceQuery = { currentDevice: { id: string, macAddress: string, status: DeviceStatus, createdAt: string, expireDate: string | null, hasParentPin: boolean } | null };

export type CardCheckoutQueryVariables = Exact<{
  input: CardCheckoutInput;
}>;


export type CardCheckoutQuery = { cardCheckout: { status: CardCheckoutStatus } };

export type TvLinkQueryVariables = Exact<{
  input: TvLinkCodeInput;
}>;


export type TvLinkQuery = { tvLink: { code: string, macAddress: string, model: string | null, appVersion: string | null, requestedAt: string, expiresAt: string, sameMacAddress: boolean, signedInTv: boolean, requestedFrom: string | null, sameNetwork: boolean, signedInTvs: number } };

export type ApproveTvLinkMutationVariables = Exact<{
  input: TvLinkCodeInput;
}>;


export type ApproveTvLinkMutation = { approveTvLink: { message: string, device: { id: string, macAddress: string, status: DeviceStatus, createdAt: string, expireDate: string | null, hasParentPin: boolean } } };

export type RefuseTvLinkMutationVariables = Exact<{
  input: TvLinkCodeInput;
}>;


export type RefuseTvLinkMutation = { refuseTvLink: { message: string, device: { id: string, macAddress: string, status: DeviceStatus, createdAt: string, expireDate: string | null, hasParentPin: boolean } } };

export type CaptchaQueryVariables = Exact<{ [key: string]: never; }>;


export type CaptchaQuery = { captcha: { svg: string, token: string } };

export type LoginMutationVariables = Exact<{
  input: LoginInput;
}>;


export type LoginMutation = { login: { message: string, device: { id: string, macAddress: string, status: DeviceStatus, createdAt: string, expireDate: string | null, hasParentPin: boolean } } };

export type DevicePaymentsQueryVariables = Exact<{
  after?: string | number | null | undefined;
}>;


export type DevicePaymentsQuery = { currentDevice: { id: string, paymentCount: number, payments: Array<{ id: string, method: PaymentMethod, status: ActivationStatus, amount: string, currency: string, licenceDays: number | null, createdAt: string, paidAt: string | null, licenceExpiresAt: string | null, sandbox: boolean, takenBackAt: string | null, refunded: string | null, dispute: { state: PaymentDisputeState, openedAt: string } | null, partialPayment: { received: string, expected: string, missing: string, currency: string } | null }> } | null };

export type DeviceTvSessionsQueryVariables = Exact<{ [key: string]: never; }>;


export type DeviceTvSessionsQuery = { currentDevice: { id: string, tvSessions: Array<{ id: string, model: string | null, appVersion: string | null, signedInAt: string, lastSeenAt: string }> } | null };

export type RevokeDeviceTokenMutationVariables = Exact<{
  input: RevokeDeviceTokenInput;
}>;


export type RevokeDeviceTokenMutation = { revokeDeviceToken: { id: string, message: string } };

export type LogoutMutationVariables = Exact<{ [key: string]: never; }>;


export type LogoutMutation = { logout: { success: boolean } };

export type PricingQueryVariables = Exact<{ [key: string]: never; }>;


export type PricingQuery = { pricing: { price: string, currency: string, licenceDays: number | null, methods: Array<PaymentMethod>, paypalClientId: string | null, paypalSdkUrl: string | null, ibostoreUrl: string | null, cowpayFrameUrl: string, sandboxMethods: Array<PaymentMethod>, testPayments: boolean, methodPrices: Array<{ method: PaymentMethod, price: string, currency: string }>, coins: Array<{ code: string, name: string }> } | null };

export type LastPaymentQueryVariables = Exact<{ [key: string]: never; }>;


export type LastPaymentQuery = { currentDevice: { id: string, lastPayment: { id: string, amount: string, currency: string, paidAt: string | null } | null } | null };

export type LastPaymentFieldsFragment = { id: string, amount: string, currency: string, paidAt: string | null };

export type ActivationEligibilityQueryVariables = Exact<{ [key: string]: never; }>;


export type ActivationEligibilityQuery = { activationEligibility: { eligible: boolean, message: string | null } };

export type StartActivationMutationVariables = Exact<{
  input: StartActivationInput;
}>;


export type StartActivationMutation = { startActivation: { redirectUrl: string, activation: { id: string } } };

export type CreatePayPalOrderMutationVariables = Exact<{ [key: string]: never; }>;


export type CreatePayPalOrderMutation = { createPayPalOrder: { id: string } };

export type CapturePayPalOrderMutationVariables = Exact<{
  orderId: string | number;
}>;


export type CapturePayPalOrderMutation = { capturePayPalOrder: { activation: { id: string, status: ActivationStatus }, device: { id: string, macAddress: string, status: DeviceStatus, createdAt: string, expireDate: string | null, hasParentPin: boolean, lastPayment: { id: string, amount: string, currency: string, paidAt: string | null } | null } } };

export type PlaylistCheckFieldsFragment = { checkedAt: string, durationMs: number, verdict: PlaylistCheckVerdict, reachable: boolean, problem: PlaylistCheckProblem | null, message: string, warnings: Array<string>, httpStatus: number | null, m3u: { channels: number, groups: number, entriesWithoutUrl: number, backupUrls: number, guideUrls: Array<string>, cannotOpen: Array<{ kind: string, reason: string, count: number, examples: Array<string> }>, sample: Array<{ name: string, logo: string | null, group: string | null }> } | null, xc: { status: string, state: XcLineState, allowedFormats: Array<string> | null, expiresAt: string | null, isTrial: boolean, maxConnections: number | null, activeConnections: number | null, liveCategories: number, vodCategories: number, seriesCategories: number } | null, streams: { sampled: number, playable: number, message: string, samples: Array<{ name: string, group: string | null, kind: StreamSampleKind, httpStatus: number | null, codecs: Array<string>, message: string }> } | null, epg: { reachable: boolean, xmltv: boolean, channels: number, message: string | null, source: GuideSource | null, channelsWithProgrammes: number | null, coverage: { channels: number, covered: number, byId: number, byName: number } | null } | null };

export type PlaylistLastCheckFragment = { lastCheck: { checkedAt: string, durationMs: number, verdict: PlaylistCheckVerdict, reachable: boolean, problem: PlaylistCheckProblem | null, message: string, warnings: Array<string>, httpStatus: number | null, m3u: { channels: number, groups: number, entriesWithoutUrl: number, backupUrls: number, guideUrls: Array<string>, cannotOpen: Array<{ kind: string, reason: string, count: number, examples: Array<string> }>, sample: Array<{ name: string, logo: string | null, group: string | null }> } | null, xc: { status: string, state: XcLineState, allowedFormats: Array<string> | null, expiresAt: string | null, isTrial: boolean, maxConnections: number | null, activeConnections: number | null, liveCategories: number, vodCategories: number, seriesCategories: number } | null, streams: { sampled: number, playable: number, message: string, samples: Array<{ name: string, group: string | null, kind: StreamSampleKind, httpStatus: number | null, codecs: Array<string>, message: string }> } | null, epg: { reachable: boolean, xmltv: boolean, channels: number, message: string | null, source: GuideSource | null, channelsWithProgrammes: number | null, coverage: { channels: number, covered: number, byId: number, byName: number } | null } | null } | null };

export type CheckPlaylistMutationVariables = Exact<{
  input: CheckPlaylistInput;
}>;


export type CheckPlaylistMutation = { checkPlaylist: { checkedAt: string, durationMs: number, verdict: PlaylistCheckVerdict, reachable: boolean, problem: PlaylistCheckProblem | null, message: string, warnings: Array<string>, httpStatus: number | null, m3u: { channels: number, groups: number, entriesWithoutUrl: number, backupUrls: number, guideUrls: Array<string>, cannotOpen: Array<{ kind: string, reason: string, count: number, examples: Array<string> }>, sample: Array<{ name: string, logo: string | null, group: string | null }> } | null, xc: { status: string, state: XcLineState, allowedFormats: Array<string> | null, expiresAt: string | null, isTrial: boolean, maxConnections: number | null, activeConnections: number | null, liveCategories: number, vodCategories: number, seriesCategories: number } | null, streams: { sampled: number, playable: number, message: string, samples: Array<{ name: string, group: string | null, kind: StreamSampleKind, httpStatus: number | null, codecs: Array<string>, message: string }> } | null, epg: { reachable: boolean, xmltv: boolean, channels: number, message: string | null, source: GuideSource | null, channelsWithProgrammes: number | null, coverage: { channels: number, covered: number, byId: number, byName: number } | null } | null } };

export type CheckPlaylistValuesMutationVariables = Exact<{
  input: PlaylistInput;
}>;


export type CheckPlaylistValuesMutation = { checkPlaylistValues: { checkedAt: string, durationMs: number, verdict: PlaylistCheckVerdict, reachable: boolean, problem: PlaylistCheckProblem | null, message: string, warnings: Array<string>, httpStatus: number | null, m3u: { channels: number, groups: number, entriesWithoutUrl: number, backupUrls: number, guideUrls: Array<string>, cannotOpen: Array<{ kind: string, reason: string, count: number, examples: Array<string> }>, sample: Array<{ name: string, logo: string | null, group: string | null }> } | null, xc: { status: string, state: XcLineState, allowedFormats: Array<string> | null, expiresAt: string | null, isTrial: boolean, maxConnections: number | null, activeConnections: number | null, liveCategories: number, vodCategories: number, seriesCategories: number } | null, streams: { sampled: number, playable: number, message: string, samples: Array<{ name: string, group: string | null, kind: StreamSampleKind, httpStatus: number | null, codecs: Array<string>, message: string }> } | null, epg: { reachable: boolean, xmltv: boolean, channels: number, message: string | null, source: GuideSource | null, channelsWithProgrammes: number | null, coverage: { channels: number, covered: number, byId: number, byName: number } | null } | null } };

export type PlaylistFieldsFragment = { id: string, name: string, type: PlaylistType, isProtected: boolean, locked: boolean, url: string | null, epgUrl: string | null, username: string | null, password: string | null, playlistCode: string | null, lastCheck: { checkedAt: string, durationMs: number, verdict: PlaylistCheckVerdict, reachable: boolean, problem: PlaylistCheckProblem | null, message: string, warnings: Array<string>, httpStatus: number | null, m3u: { channels: number, groups: number, entriesWithoutUrl: number, backupUrls: number, guideUrls: Array<string>, cannotOpen: Array<{ kind: string, reason: string, count: number, examples: Array<string> }>, sample: Array<{ name: string, logo: string | null, group: string | null }> } | null, xc: { status: string, state: XcLineState, allowedFormats: Array<string> | null, expiresAt: string | null, isTrial: boolean, maxConnections: number | null, activeConnections: number | null, liveCategories: number, vodCategories: number, seriesCategories: number } | null, streams: { sampled: number, playable: number, message: string, samples: Array<{ name: string, group: string | null, kind: StreamSampleKind, httpStatus: number | null, codecs: Array<string>, message: string }> } | null, epg: { reachable: boolean, xmltv: boolean, channels: number, message: string | null, source: GuideSource | null, channelsWithProgrammes: number | null, coverage: { channels: number, covered: number, byId: number, byName: number } | null } | null } | null };

export type PlaylistsQueryVariables = Exact<{ [key: string]: never; }>;


export type PlaylistsQuery = { playlists: Array<{ id: string, name: string, type: PlaylistType, isProtected: boolean, locked: boolean, url: string | null, epgUrl: string | null, username: string | null, password: string | null, playlistCode: string | null, lastCheck: { checkedAt: string, durationMs: number, verdict: PlaylistCheckVerdict, reachable: boolean, problem: PlaylistCheckProblem | null, message: string, warnings: Array<string>, httpStatus: number | null, m3u: { channels: number, groups: number, entriesWithoutUrl: number, backupUrls: number, guideUrls: Array<string>, cannotOpen: Array<{ kind: string, reason: string, count: number, examples: Array<string> }>, sample: Array<{ name: string, logo: string | null, group: string | null }> } | null, xc: { status: string, state: XcLineState, allowedFormats: Array<string> | null, expiresAt: string | null, isTrial: boolean, maxConnections: number | null, activeConnections: number | null, liveCategories: number, vodCategories: number, seriesCategories: number } | null, streams: { sampled: number, playable: number, message: string, samples: Array<{ name: string, group: string | null, kind: StreamSampleKind, httpStatus: number | null, codecs: Array<string>, message: string }> } | null, epg: { reachable: boolean, xmltv: boolean, channels: number, message: string | null, source: GuideSource | null, channelsWithProgrammes: number | null, coverage: { channels: number, covered: number, byId: number, byName: number } | null } | null } | null }> };

export type PlaylistQueryVariables = Exact<{
  id: string | number;
}>;


export type PlaylistQuery = { playlist: { id: string, name: string, type: PlaylistType, isProtected: boolean, locked: boolean, url: string | null, epgUrl: string | null, username: string | null, password: string | null, playlistCode: string | null, lastCheck: { checkedAt: string, durationMs: number, verdict: PlaylistCheckVerdict, reachable: boolean, problem: PlaylistCheckProblem | null, message: string, warnings: Array<string>, httpStatus: number | null, m3u: { channels: number, groups: number, entriesWithoutUrl: number, backupUrls: number, guideUrls: Array<string>, cannotOpen: Array<{ kind: string, reason: string, count: number, examples: Array<string> }>, sample: Array<{ name: string, logo: string | null, group: string | null }> } | null, xc: { status: string, state: XcLineState, allowedFormats: Array<string> | null, expiresAt: string | null, isTrial: boolean, maxConnections: number | null, activeConnections: number | null, liveCategories: number, vodCategories: number, seriesCategories: number } | null, streams: { sampled: number, playable: number, message: string, samples: Array<{ name: string, group: string | null, kind: StreamSampleKind, httpStatus: number | null, codecs: Array<string>, message: string }> } | null, epg: { reachable: boolean, xmltv: boolean, channels: number, message: string | null, source: GuideSource | null, channelsWithProgrammes: number | null, coverage: { channels: number, covered: number, byId: number, byName: number } | null } | null } | null } | null };

export type CreatePlaylistMutationVariables = Exact<{
  input: PlaylistInput;
}>;


export type CreatePlaylistMutation = { createPlaylist: { message: string, playlist: { id: string, name: string, type: PlaylistType, isProtected: boolean, locked: boolean, url: string | null, epgUrl: string | null, username: string | null, password: string | null, playlistCode: string | null, lastCheck: { checkedAt: string, durationMs: number, verdict: PlaylistCheckVerdict, reachable: boolean, problem: PlaylistCheckProblem | null, message: string, warnings: Array<string>, httpStatus: number | null, m3u: { channels: number, groups: number, entriesWithoutUrl: number, backupUrls: number, guideUrls: Array<string>, cannotOpen: Array<{ kind: string, reason: string, count: number, examples: Array<string> }>, sample: Array<{ name: string, logo: string | null, group: string | null }> } | null, xc: { status: string, state: XcLineState, allowedFormats: Array<string> | null, expiresAt: string | null, isTrial: boolean, maxConnections: number | null, activeConnections: number | null, liveCategories: number, vodCategories: number, seriesCategories: number } | null, streams: { sampled: number, playable: number, message: string, samples: Array<{ name: string, group: string | null, kind: StreamSampleKind, httpStatus: number | null, codecs: Array<string>, message: string }> } | null, epg: { reachable: boolean, xmltv: boolean, channels: number, message: string | null, source: GuideSource | null, channelsWithProgrammes: number | null, coverage: { channels: number, covered: number, byId: number, byName: number } | null } | null } | null } } };

export type UpdatePlaylistMutationVariables = Exact<{
  input: UpdatePlaylistInput;
}>;


export type UpdatePlaylistMutation = { updatePlaylist: { message: string, playlist: { id: string, name: string, type: PlaylistType, isProtected: boolean, locked: boolean, url: string | null, epgUrl: string | null, username: string | null, password: string | null, playlistCode: string | null, lastCheck: { checkedAt: string, durationMs: number, verdict: PlaylistCheckVerdict, reachable: boolean, problem: PlaylistCheckProblem | null, message: string, warnings: Array<string>, httpStatus: number | null, m3u: { channels: number, groups: number, entriesWithoutUrl: number, backupUrls: number, guideUrls: Array<string>, cannotOpen: Array<{ kind: string, reason: string, count: number, examples: Array<string> }>, sample: Array<{ name: string, logo: string | null, group: string | null }> } | null, xc: { status: string, state: XcLineState, allowedFormats: Array<string> | null, expiresAt: string | null, isTrial: boolean, maxConnections: number | null, activeConnections: number | null, liveCategories: number, vodCategories: number, seriesCategories: number } | null, streams: { sampled: number, playable: number, message: string, samples: Array<{ name: string, group: string | null, kind: StreamSampleKind, httpStatus: number | null, codecs: Array<string>, message: string }> } | null, epg: { reachable: boolean, xmltv: boolean, channels: number, message: string | null, source: GuideSource | null, channelsWithProgrammes: number | null, coverage: { channels: number, covered: number, byId: number, byName: number } | null } | null } | null } } };

export type DeletePlaylistMutationVariables = Exact<{
  input: DeletePlaylistInput;
}>;


export type DeletePlaylistMutation = { deletePlaylist: { id: string, message: string } };

export type UnlockPlaylistMutationVariables = Exact<{
  input: UnlockPlaylistInput;
}>;


export type UnlockPlaylistMutation = { unlockPlaylist: { message: string, playlist: { id: string, name: string, type: PlaylistType, isProtected: boolean, locked: boolean, url: string | null, epgUrl: string | null, username: string | null, password: string | null, playlistCode: string | null, lastCheck: { checkedAt: string, durationMs: number, verdict: PlaylistCheckVerdict, reachable: boolean, problem: PlaylistCheckProblem | null, message: string, warnings: Array<string>, httpStatus: number | null, m3u: { channels: number, groups: number, entriesWithoutUrl: number, backupUrls: number, guideUrls: Array<string>, cannotOpen: Array<{ kind: string, reason: string, count: number, examples: Array<string> }>, sample: Array<{ name: string, logo: string | null, group: string | null }> } | null, xc: { status: string, state: XcLineState, allowedFormats: Array<string> | null, expiresAt: string | null, isTrial: boolean, maxConnections: number | null, activeConnections: number | null, liveCategories: number, vodCategories: number, seriesCategories: number } | null, streams: { sampled: number, playable: number, message: string, samples: Array<{ name: string, group: string | null, kind: StreamSampleKind, httpStatus: number | null, codecs: Array<string>, message: string }> } | null, epg: { reachable: boolean, xmltv: boolean, channels: number, message: string | null, source: GuideSource | null, channelsWithProgrammes: number | null, coverage: { channels: number, covered: number, byId: number, byName: number } | null } | null } | null } } };

export type ChangeDeviceKeyMutationVariables = Exact<{
  input: ChangeDeviceKeyInput;
}>;


export type ChangeDeviceKeyMutation = { changeDeviceKey: { message: string, device: { id: string, macAddress: string, status: DeviceStatus, createdAt: string, expireDate: string | null, hasParentPin: boolean } } };

export type ChangeParentPinMutationVariables = Exact<{
  input: ChangeParentPinInput;
}>;


export type ChangeParentPinMutation = { changeParentPin: { message: string, device: { id: string, macAddress: string, status: DeviceStatus, createdAt: string, expireDate: string | null, hasParentPin: boolean } } };

export type SwitchMacAddressMutationVariables = Exact<{
  input: SwitchMacAddressInput;
}>;


export type SwitchMacAddressMutation = { switchMacAddress: { message: string, device: { id: string, macAddress: string, status: DeviceStatus, createdAt: string, expireDate: string | null, hasParentPin: boolean } } };

export const DeviceFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"DeviceFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Device"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"macAddress"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"expireDate"}},{"kind":"Field","name":{"kind":"Name","value":"hasParentPin"}}]}}]} as unknown as DocumentNode<DeviceFieldsFragment, unknown>;
export const LastPaymentFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"LastPaymentFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Activation"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"amount"}},{"kind":"Field","name":{"kind":"Name","value":"currency"}},{"kind":"Field","name":{"kind":"Name","value":"paidAt"}}]}}]} as unknown as DocumentNode<LastPaymentFieldsFragment, unknown>;
export const PlaylistCheckFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"PlaylistCheckFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"PlaylistCheck"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"checkedAt"}},{"kind":"Field","name":{"kind":"Name","value":"durationMs"}},{"kind":"Field","name":{"kind":"Name","value":"verdict"}},{"kind":"Field","name":{"kind":"Name","value":"reachable"}},{"kind":"Field","name":{"kind":"Name","value":"problem"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"warnings"}},{"kind":"Field","name":{"kind":"Name","value":"httpStatus"}},{"kind":"Field","name":{"kind":"Name","value":"m3u"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"channels"}},{"kind":"Field","name":{"kind":"Name","value":"groups"}},{"kind":"Field","name":{"kind":"Name","value":"entriesWithoutUrl"}},{"kind":"Field","name":{"kind":"Name","value":"backupUrls"}},{"kind":"Field","name":{"kind":"Name","value":"cannotOpen"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"reason"}},{"kind":"Field","name":{"kind":"Name","value":"count"}},{"kind":"Field","name":{"kind":"Name","value":"examples"}}]}},{"kind":"Field","name":{"kind":"Name","value":"guideUrls"}},{"kind":"Field","name":{"kind":"Name","value":"sample"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"logo"}},{"kind":"Field","name":{"kind":"Name","value":"group"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"xc"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"state"}},{"kind":"Field","name":{"kind":"Name","value":"allowedFormats"}},{"kind":"Field","name":{"kind":"Name","value":"expiresAt"}},{"kind":"Field","name":{"kind":"Name","value":"isTrial"}},{"kind":"Field","name":{"kind":"Name","value":"maxConnections"}},{"kind":"Field","name":{"kind":"Name","value":"activeConnections"}},{"kind":"Field","name":{"kind":"Name","value":"liveCategories"}},{"kind":"Field","name":{"kind":"Name","value":"vodCategories"}},{"kind":"Field","name":{"kind":"Name","value":"seriesCategories"}}]}},{"kind":"Field","name":{"kind":"Name","value":"streams"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"sampled"}},{"kind":"Field","name":{"kind":"Name","value":"playable"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"samples"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"group"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"httpStatus"}},{"kind":"Field","name":{"kind":"Name","value":"codecs"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"epg"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"reachable"}},{"kind":"Field","name":{"kind":"Name","value":"xmltv"}},{"kind":"Field","name":{"kind":"Name","value":"channels"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"source"}},{"kind":"Field","name":{"kind":"Name","value":"channelsWithProgrammes"}},{"kind":"Field","name":{"kind":"Name","value":"coverage"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"channels"}},{"kind":"Field","name":{"kind":"Name","value":"covered"}},{"kind":"Field","name":{"kind":"Name","value":"byId"}},{"kind":"Field","name":{"kind":"Name","value":"byName"}}]}}]}}]}}]} as unknown as DocumentNode<PlaylistCheckFieldsFragment, unknown>;
export const PlaylistLastCheckFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"PlaylistLastCheck"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Playlist"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"lastCheck"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"PlaylistCheckFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"PlaylistCheckFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"PlaylistCheck"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"checkedAt"}},{"kind":"Field","name":{"kind":"Name","value":"durationMs"}},{"kind":"Field","name":{"kind":"Name","value":"verdict"}},{"kind":"Field","name":{"kind":"Name","value":"reachable"}},{"kind":"Field","name":{"kind":"Name","value":"problem"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"warnings"}},{"kind":"Field","name":{"kind":"Name","value":"httpStatus"}},{"kind":"Field","name":{"kind":"Name","value":"m3u"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"channels"}},{"kind":"Field","name":{"kind":"Name","value":"groups"}},{"kind":"Field","name":{"kind":"Name","value":"entriesWithoutUrl"}},{"kind":"Field","name":{"kind":"Name","value":"backupUrls"}},{"kind":"Field","name":{"kind":"Name","value":"cannotOpen"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"reason"}},{"kind":"Field","name":{"kind":"Name","value":"count"}},{"kind":"Field","name":{"kind":"Name","value":"examples"}}]}},{"kind":"Field","name":{"kind":"Name","value":"guideUrls"}},{"kind":"Field","name":{"kind":"Name","value":"sample"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"logo"}},{"kind":"Field","name":{"kind":"Name","value":"group"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"xc"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"state"}},{"kind":"Field","name":{"kind":"Name","value":"allowedFormats"}},{"kind":"Field","name":{"kind":"Name","value":"expiresAt"}},{"kind":"Field","name":{"kind":"Name","value":"isTrial"}},{"kind":"Field","name":{"kind":"Name","value":"maxConnections"}},{"kind":"Field","name":{"kind":"Name","value":"activeConnections"}},{"kind":"Field","name":{"kind":"Name","value":"liveCategories"}},{"kind":"Field","name":{"kind":"Name","value":"vodCategories"}},{"kind":"Field","name":{"kind":"Name","value":"seriesCategories"}}]}},{"kind":"Field","name":{"kind":"Name","value":"streams"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"sampled"}},{"kind":"Field","name":{"kind":"Name","value":"playable"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"samples"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"group"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"httpStatus"}},{"kind":"Field","name":{"kind":"Name","value":"codecs"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"epg"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"reachable"}},{"kind":"Field","name":{"kind":"Name","value":"xmltv"}},{"kind":"Field","name":{"kind":"Name","value":"channels"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"source"}},{"kind":"Field","name":{"kind":"Name","value":"channelsWithProgrammes"}},{"kind":"Field","name":{"kind":"Name","value":"coverage"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"channels"}},{"kind":"Field","name":{"kind":"Name","value":"covered"}},{"kind":"Field","name":{"kind":"Name","value":"byId"}},{"kind":"Field","name":{"kind":"Name","value":"byName"}}]}}]}}]}}]} as unknown as DocumentNode<PlaylistLastCheckFragment, unknown>;
export const PlaylistFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"PlaylistFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Playlist"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"isProtected"}},{"kind":"Field","name":{"kind":"Name","value":"locked"}},{"kind":"Field","name":{"kind":"Name","value":"url"}},{"kind":"Field","name":{"kind":"Name","value":"epgUrl"}},{"kind":"Field","name":{"kind":"Name","value":"username"}},{"kind":"Field","name":{"kind":"Name","value":"password"}},{"kind":"Field","name":{"kind":"Name","value":"playlistCode"}},{"kind":"Field","name":{"kind":"Name","value":"lastCheck"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"PlaylistCheckFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"PlaylistCheckFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"PlaylistCheck"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"checkedAt"}},{"kind":"Field","name":{"kind":"Name","value":"durationMs"}},{"kind":"Field","name":{"kind":"Name","value":"verdict"}},{"kind":"Field","name":{"kind":"Name","value":"reachable"}},{"kind":"Field","name":{"kind":"Name","value":"problem"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"warnings"}},{"kind":"Field","name":{"kind":"Name","value":"httpStatus"}},{"kind":"Field","name":{"kind":"Name","value":"m3u"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"channels"}},{"kind":"Field","name":{"kind":"Name","value":"groups"}},{"kind":"Field","name":{"kind":"Name","value":"entriesWithoutUrl"}},{"kind":"Field","name":{"kind":"Name","value":"backupUrls"}},{"kind":"Field","name":{"kind":"Name","value":"cannotOpen"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"reason"}},{"kind":"Field","name":{"kind":"Name","value":"count"}},{"kind":"Field","name":{"kind":"Name","value":"examples"}}]}},{"kind":"Field","name":{"kind":"Name","value":"guideUrls"}},{"kind":"Field","name":{"kind":"Name","value":"sample"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"logo"}},{"kind":"Field","name":{"kind":"Name","value":"group"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"xc"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"state"}},{"kind":"Field","name":{"kind":"Name","value":"allowedFormats"}},{"kind":"Field","name":{"kind":"Name","value":"expiresAt"}},{"kind":"Field","name":{"kind":"Name","value":"isTrial"}},{"kind":"Field","name":{"kind":"Name","value":"maxConnections"}},{"kind":"Field","name":{"kind":"Name","value":"activeConnections"}},{"kind":"Field","name":{"kind":"Name","value":"liveCategories"}},{"kind":"Field","name":{"kind":"Name","value":"vodCategories"}},{"kind":"Field","name":{"kind":"Name","value":"seriesCategories"}}]}},{"kind":"Field","name":{"kind":"Name","value":"streams"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"sampled"}},{"kind":"Field","name":{"kind":"Name","value":"playable"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"samples"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"group"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"httpStatus"}},{"kind":"Field","name":{"kind":"Name","value":"codecs"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"epg"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"reachable"}},{"kind":"Field","name":{"kind":"Name","value":"xmltv"}},{"kind":"Field","name":{"kind":"Name","value":"channels"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"source"}},{"kind":"Field","name":{"kind":"Name","value":"channelsWithProgrammes"}},{"kind":"Field","name":{"kind":"Name","value":"coverage"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"channels"}},{"kind":"Field","name":{"kind":"Name","value":"covered"}},{"kind":"Field","name":{"kind":"Name","value":"byId"}},{"kind":"Field","name":{"kind":"Name","value":"byName"}}]}}]}}]}}]} as unknown as DocumentNode<PlaylistFieldsFragment, unknown>;
export const CurrentDeviceDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"CurrentDevice"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"currentDevice"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"DeviceFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"DeviceFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Device"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"macAddress"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"expireDate"}},{"kind":"Field","name":{"kind":"Name","value":"hasParentPin"}}]}}]} as unknown as DocumentNode<CurrentDeviceQuery, CurrentDeviceQueryVariables>;
export const CardCheckoutDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"CardCheckout"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CardCheckoutInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"cardCheckout"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"status"}}]}}]}}]} as unknown as DocumentNode<CardCheckoutQuery, CardCheckoutQueryVariables>;
export const TvLinkDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"TvLink"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"TvLinkCodeInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"tvLink"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"macAddress"}},{"kind":"Field","name":{"kind":"Name","value":"model"}},{"kind":"Field","name":{"kind":"Name","value":"appVersion"}},{"kind":"Field","name":{"kind":"Name","value":"requestedAt"}},{"kind":"Field","name":{"kind":"Name","value":"expiresAt"}},{"kind":"Field","name":{"kind":"Name","value":"sameMacAddress"}},{"kind":"Field","name":{"kind":"Name","value":"signedInTv"}},{"kind":"Field","name":{"kind":"Name","value":"requestedFrom"}},{"kind":"Field","name":{"kind":"Name","value":"sameNetwork"}},{"kind":"Field","name":{"kind":"Name","value":"signedInTvs"}}]}}]}}]} as unknown as DocumentNode<TvLinkQuery, TvLinkQueryVariables>;
export const ApproveTvLinkDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"ApproveTvLink"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"TvLinkCodeInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"approveTvLink"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"device"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"DeviceFields"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"DeviceFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Device"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"macAddress"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"expireDate"}},{"kind":"Field","name":{"kind":"Name","value":"hasParentPin"}}]}}]} as unknown as DocumentNode<ApproveTvLinkMutation, ApproveTvLinkMutationVariables>;
export const RefuseTvLinkDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RefuseTvLink"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"TvLinkCodeInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"refuseTvLink"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"device"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"DeviceFields"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"DeviceFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Device"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"macAddress"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"expireDate"}},{"kind":"Field","name":{"kind":"Name","value":"hasParentPin"}}]}}]} as unknown as DocumentNode<RefuseTvLinkMutation, RefuseTvLinkMutationVariables>;
export const CaptchaDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Captcha"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"captcha"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"svg"}},{"kind":"Field","name":{"kind":"Name","value":"token"}}]}}]}}]} as unknown as DocumentNode<CaptchaQuery, CaptchaQueryVariables>;
export const LoginDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"Login"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"LoginInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"login"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"device"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"DeviceFields"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"DeviceFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Device"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"macAddress"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"expireDate"}},{"kind":"Field","name":{"kind":"Name","value":"hasParentPin"}}]}}]} as unknown as DocumentNode<LoginMutation, LoginMutationVariables>;
export const DevicePaymentsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"DevicePayments"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"after"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"currentDevice"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"paymentCount"}},{"kind":"Field","name":{"kind":"Name","value":"payments"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"after"},"value":{"kind":"Variable","name":{"kind":"Name","value":"after"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"method"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"amount"}},{"kind":"Field","name":{"kind":"Name","value":"currency"}},{"kind":"Field","name":{"kind":"Name","value":"licenceDays"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"paidAt"}},{"kind":"Field","name":{"kind":"Name","value":"licenceExpiresAt"}},{"kind":"Field","name":{"kind":"Name","value":"sandbox"}},{"kind":"Field","name":{"kind":"Name","value":"takenBackAt"}},{"kind":"Field","name":{"kind":"Name","value":"refunded"}},{"kind":"Field","name":{"kind":"Name","value":"dispute"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"state"}},{"kind":"Field","name":{"kind":"Name","value":"openedAt"}}]}},{"kind":"Field","name":{"kind":"Name","value":"partialPayment"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"received"}},{"kind":"Field","name":{"kind":"Name","value":"expected"}},{"kind":"Field","name":{"kind":"Name","value":"missing"}},{"kind":"Field","name":{"kind":"Name","value":"currency"}}]}}]}}]}}]}}]} as unknown as DocumentNode<DevicePaymentsQuery, DevicePaymentsQueryVariables>;
export const DeviceTvSessionsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"DeviceTvSessions"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"currentDevice"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"tvSessions"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"model"}},{"kind":"Field","name":{"kind":"Name","value":"appVersion"}},{"kind":"Field","name":{"kind":"Name","value":"signedInAt"}},{"kind":"Field","name":{"kind":"Name","value":"lastSeenAt"}}]}}]}}]}}]} as unknown as DocumentNode<DeviceTvSessionsQuery, DeviceTvSessionsQueryVariables>;
export const RevokeDeviceTokenDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RevokeDeviceToken"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"RevokeDeviceTokenInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"revokeDeviceToken"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}}]} as unknown as DocumentNode<RevokeDeviceTokenMutation, RevokeDeviceTokenMutationVariables>;
export const LogoutDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"Logout"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"logout"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"success"}}]}}]}}]} as unknown as DocumentNode<LogoutMutation, LogoutMutationVariables>;
export const PricingDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Pricing"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"pricing"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"price"}},{"kind":"Field","name":{"kind":"Name","value":"currency"}},{"kind":"Field","name":{"kind":"Name","value":"methodPrices"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"method"}},{"kind":"Field","name":{"kind":"Name","value":"price"}},{"kind":"Field","name":{"kind":"Name","value":"currency"}}]}},{"kind":"Field","name":{"kind":"Name","value":"licenceDays"}},{"kind":"Field","name":{"kind":"Name","value":"methods"}},{"kind":"Field","name":{"kind":"Name","value":"coins"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}},{"kind":"Field","name":{"kind":"Name","value":"paypalClientId"}},{"kind":"Field","name":{"kind":"Name","value":"paypalSdkUrl"}},{"kind":"Field","name":{"kind":"Name","value":"ibostoreUrl"}},{"kind":"Field","name":{"kind":"Name","value":"cowpayFrameUrl"}},{"kind":"Field","name":{"kind":"Name","value":"sandboxMethods"}},{"kind":"Field","name":{"kind":"Name","value":"testPayments"}}]}}]}}]} as unknown as DocumentNode<PricingQuery, PricingQueryVariables>;
export const LastPaymentDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"LastPayment"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"currentDevice"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"lastPayment"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"LastPaymentFields"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"LastPaymentFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Activation"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"amount"}},{"kind":"Field","name":{"kind":"Name","value":"currency"}},{"kind":"Field","name":{"kind":"Name","value":"paidAt"}}]}}]} as unknown as DocumentNode<LastPaymentQuery, LastPaymentQueryVariables>;
export const ActivationEligibilityDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ActivationEligibility"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"activationEligibility"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"eligible"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}}]} as unknown as DocumentNode<ActivationEligibilityQuery, ActivationEligibilityQueryVariables>;
export const StartActivationDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"StartActivation"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"StartActivationInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"startActivation"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"redirectUrl"}},{"kind":"Field","name":{"kind":"Name","value":"activation"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}}]}}]}}]} as unknown as DocumentNode<StartActivationMutation, StartActivationMutationVariables>;
export const CreatePayPalOrderDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CreatePayPalOrder"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createPayPalOrder"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}}]}}]} as unknown as DocumentNode<CreatePayPalOrderMutation, CreatePayPalOrderMutationVariables>;
export const CapturePayPalOrderDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CapturePayPalOrder"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"orderId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"capturePayPalOrder"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"orderId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"orderId"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"activation"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}}]}},{"kind":"Field","name":{"kind":"Name","value":"device"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"DeviceFields"}},{"kind":"Field","name":{"kind":"Name","value":"lastPayment"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"LastPaymentFields"}}]}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"DeviceFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Device"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"macAddress"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"expireDate"}},{"kind":"Field","name":{"kind":"Name","value":"hasParentPin"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"LastPaymentFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Activation"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"amount"}},{"kind":"Field","name":{"kind":"Name","value":"currency"}},{"kind":"Field","name":{"kind":"Name","value":"paidAt"}}]}}]} as unknown as DocumentNode<CapturePayPalOrderMutation, CapturePayPalOrderMutationVariables>;
export const CheckPlaylistDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CheckPlaylist"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CheckPlaylistInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"checkPlaylist"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"PlaylistCheckFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"PlaylistCheckFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"PlaylistCheck"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"checkedAt"}},{"kind":"Field","name":{"kind":"Name","value":"durationMs"}},{"kind":"Field","name":{"kind":"Name","value":"verdict"}},{"kind":"Field","name":{"kind":"Name","value":"reachable"}},{"kind":"Field","name":{"kind":"Name","value":"problem"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"warnings"}},{"kind":"Field","name":{"kind":"Name","value":"httpStatus"}},{"kind":"Field","name":{"kind":"Name","value":"m3u"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"channels"}},{"kind":"Field","name":{"kind":"Name","value":"groups"}},{"kind":"Field","name":{"kind":"Name","value":"entriesWithoutUrl"}},{"kind":"Field","name":{"kind":"Name","value":"backupUrls"}},{"kind":"Field","name":{"kind":"Name","value":"cannotOpen"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"reason"}},{"kind":"Field","name":{"kind":"Name","value":"count"}},{"kind":"Field","name":{"kind":"Name","value":"examples"}}]}},{"kind":"Field","name":{"kind":"Name","value":"guideUrls"}},{"kind":"Field","name":{"kind":"Name","value":"sample"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"logo"}},{"kind":"Field","name":{"kind":"Name","value":"group"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"xc"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"state"}},{"kind":"Field","name":{"kind":"Name","value":"allowedFormats"}},{"kind":"Field","name":{"kind":"Name","value":"expiresAt"}},{"kind":"Field","name":{"kind":"Name","value":"isTrial"}},{"kind":"Field","name":{"kind":"Name","value":"maxConnections"}},{"kind":"Field","name":{"kind":"Name","value":"activeConnections"}},{"kind":"Field","name":{"kind":"Name","value":"liveCategories"}},{"kind":"Field","name":{"kind":"Name","value":"vodCategories"}},{"kind":"Field","name":{"kind":"Name","value":"seriesCategories"}}]}},{"kind":"Field","name":{"kind":"Name","value":"streams"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"sampled"}},{"kind":"Field","name":{"kind":"Name","value":"playable"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"samples"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"group"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"httpStatus"}},{"kind":"Field","name":{"kind":"Name","value":"codecs"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"epg"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"reachable"}},{"kind":"Field","name":{"kind":"Name","value":"xmltv"}},{"kind":"Field","name":{"kind":"Name","value":"channels"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"source"}},{"kind":"Field","name":{"kind":"Name","value":"channelsWithProgrammes"}},{"kind":"Field","name":{"kind":"Name","value":"coverage"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"channels"}},{"kind":"Field","name":{"kind":"Name","value":"covered"}},{"kind":"Field","name":{"kind":"Name","value":"byId"}},{"kind":"Field","name":{"kind":"Name","value":"byName"}}]}}]}}]}}]} as unknown as DocumentNode<CheckPlaylistMutation, CheckPlaylistMutationVariables>;
export const CheckPlaylistValuesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CheckPlaylistValues"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"PlaylistInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"checkPlaylistValues"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"PlaylistCheckFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"PlaylistCheckFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"PlaylistCheck"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"checkedAt"}},{"kind":"Field","name":{"kind":"Name","value":"durationMs"}},{"kind":"Field","name":{"kind":"Name","value":"verdict"}},{"kind":"Field","name":{"kind":"Name","value":"reachable"}},{"kind":"Field","name":{"kind":"Name","value":"problem"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"warnings"}},{"kind":"Field","name":{"kind":"Name","value":"httpStatus"}},{"kind":"Field","name":{"kind":"Name","value":"m3u"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"channels"}},{"kind":"Field","name":{"kind":"Name","value":"groups"}},{"kind":"Field","name":{"kind":"Name","value":"entriesWithoutUrl"}},{"kind":"Field","name":{"kind":"Name","value":"backupUrls"}},{"kind":"Field","name":{"kind":"Name","value":"cannotOpen"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"reason"}},{"kind":"Field","name":{"kind":"Name","value":"count"}},{"kind":"Field","name":{"kind":"Name","value":"examples"}}]}},{"kind":"Field","name":{"kind":"Name","value":"guideUrls"}},{"kind":"Field","name":{"kind":"Name","value":"sample"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"logo"}},{"kind":"Field","name":{"kind":"Name","value":"group"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"xc"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"state"}},{"kind":"Field","name":{"kind":"Name","value":"allowedFormats"}},{"kind":"Field","name":{"kind":"Name","value":"expiresAt"}},{"kind":"Field","name":{"kind":"Name","value":"isTrial"}},{"kind":"Field","name":{"kind":"Name","value":"maxConnections"}},{"kind":"Field","name":{"kind":"Name","value":"activeConnections"}},{"kind":"Field","name":{"kind":"Name","value":"liveCategories"}},{"kind":"Field","name":{"kind":"Name","value":"vodCategories"}},{"kind":"Field","name":{"kind":"Name","value":"seriesCategories"}}]}},{"kind":"Field","name":{"kind":"Name","value":"streams"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"sampled"}},{"kind":"Field","name":{"kind":"Name","value":"playable"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"samples"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"group"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"httpStatus"}},{"kind":"Field","name":{"kind":"Name","value":"codecs"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"epg"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"reachable"}},{"kind":"Field","name":{"kind":"Name","value":"xmltv"}},{"kind":"Field","name":{"kind":"Name","value":"channels"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"source"}},{"kind":"Field","name":{"kind":"Name","value":"channelsWithProgrammes"}},{"kind":"Field","name":{"kind":"Name","value":"coverage"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"channels"}},{"kind":"Field","name":{"kind":"Name","value":"covered"}},{"kind":"Field","name":{"kind":"Name","value":"byId"}},{"kind":"Field","name":{"kind":"Name","value":"byName"}}]}}]}}]}}]} as unknown as DocumentNode<CheckPlaylistValuesMutation, CheckPlaylistValuesMutationVariables>;
export const PlaylistsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Playlists"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"playlists"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"PlaylistFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"PlaylistCheckFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"PlaylistCheck"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"checkedAt"}},{"kind":"Field","name":{"kind":"Name","value":"durationMs"}},{"kind":"Field","name":{"kind":"Name","value":"verdict"}},{"kind":"Field","name":{"kind":"Name","value":"reachable"}},{"kind":"Field","name":{"kind":"Name","value":"problem"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"warnings"}},{"kind":"Field","name":{"kind":"Name","value":"httpStatus"}},{"kind":"Field","name":{"kind":"Name","value":"m3u"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"channels"}},{"kind":"Field","name":{"kind":"Name","value":"groups"}},{"kind":"Field","name":{"kind":"Name","value":"entriesWithoutUrl"}},{"kind":"Field","name":{"kind":"Name","value":"backupUrls"}},{"kind":"Field","name":{"kind":"Name","value":"cannotOpen"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"reason"}},{"kind":"Field","name":{"kind":"Name","value":"count"}},{"kind":"Field","name":{"kind":"Name","value":"examples"}}]}},{"kind":"Field","name":{"kind":"Name","value":"guideUrls"}},{"kind":"Field","name":{"kind":"Name","value":"sample"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"logo"}},{"kind":"Field","name":{"kind":"Name","value":"group"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"xc"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"state"}},{"kind":"Field","name":{"kind":"Name","value":"allowedFormats"}},{"kind":"Field","name":{"kind":"Name","value":"expiresAt"}},{"kind":"Field","name":{"kind":"Name","value":"isTrial"}},{"kind":"Field","name":{"kind":"Name","value":"maxConnections"}},{"kind":"Field","name":{"kind":"Name","value":"activeConnections"}},{"kind":"Field","name":{"kind":"Name","value":"liveCategories"}},{"kind":"Field","name":{"kind":"Name","value":"vodCategories"}},{"kind":"Field","name":{"kind":"Name","value":"seriesCategories"}}]}},{"kind":"Field","name":{"kind":"Name","value":"streams"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"sampled"}},{"kind":"Field","name":{"kind":"Name","value":"playable"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"samples"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"group"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"httpStatus"}},{"kind":"Field","name":{"kind":"Name","value":"codecs"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"epg"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"reachable"}},{"kind":"Field","name":{"kind":"Name","value":"xmltv"}},{"kind":"Field","name":{"kind":"Name","value":"channels"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"source"}},{"kind":"Field","name":{"kind":"Name","value":"channelsWithProgrammes"}},{"kind":"Field","name":{"kind":"Name","value":"coverage"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"channels"}},{"kind":"Field","name":{"kind":"Name","value":"covered"}},{"kind":"Field","name":{"kind":"Name","value":"byId"}},{"kind":"Field","name":{"kind":"Name","value":"byName"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"PlaylistFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Playlist"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"isProtected"}},{"kind":"Field","name":{"kind":"Name","value":"locked"}},{"kind":"Field","name":{"kind":"Name","value":"url"}},{"kind":"Field","name":{"kind":"Name","value":"epgUrl"}},{"kind":"Field","name":{"kind":"Name","value":"username"}},{"kind":"Field","name":{"kind":"Name","value":"password"}},{"kind":"Field","name":{"kind":"Name","value":"playlistCode"}},{"kind":"Field","name":{"kind":"Name","value":"lastCheck"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"PlaylistCheckFields"}}]}}]}}]} as unknown as DocumentNode<PlaylistsQuery, PlaylistsQueryVariables>;
export const PlaylistDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Playlist"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"playlist"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"PlaylistFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"PlaylistCheckFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"PlaylistCheck"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"checkedAt"}},{"kind":"Field","name":{"kind":"Name","value":"durationMs"}},{"kind":"Field","name":{"kind":"Name","value":"verdict"}},{"kind":"Field","name":{"kind":"Name","value":"reachable"}},{"kind":"Field","name":{"kind":"Name","value":"problem"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"warnings"}},{"kind":"Field","name":{"kind":"Name","value":"httpStatus"}},{"kind":"Field","name":{"kind":"Name","value":"m3u"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"channels"}},{"kind":"Field","name":{"kind":"Name","value":"groups"}},{"kind":"Field","name":{"kind":"Name","value":"entriesWithoutUrl"}},{"kind":"Field","name":{"kind":"Name","value":"backupUrls"}},{"kind":"Field","name":{"kind":"Name","value":"cannotOpen"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"reason"}},{"kind":"Field","name":{"kind":"Name","value":"count"}},{"kind":"Field","name":{"kind":"Name","value":"examples"}}]}},{"kind":"Field","name":{"kind":"Name","value":"guideUrls"}},{"kind":"Field","name":{"kind":"Name","value":"sample"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"logo"}},{"kind":"Field","name":{"kind":"Name","value":"group"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"xc"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"state"}},{"kind":"Field","name":{"kind":"Name","value":"allowedFormats"}},{"kind":"Field","name":{"kind":"Name","value":"expiresAt"}},{"kind":"Field","name":{"kind":"Name","value":"isTrial"}},{"kind":"Field","name":{"kind":"Name","value":"maxConnections"}},{"kind":"Field","name":{"kind":"Name","value":"activeConnections"}},{"kind":"Field","name":{"kind":"Name","value":"liveCategories"}},{"kind":"Field","name":{"kind":"Name","value":"vodCategories"}},{"kind":"Field","name":{"kind":"Name","value":"seriesCategories"}}]}},{"kind":"Field","name":{"kind":"Name","value":"streams"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"sampled"}},{"kind":"Field","name":{"kind":"Name","value":"playable"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"samples"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"group"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"httpStatus"}},{"kind":"Field","name":{"kind":"Name","value":"codecs"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"epg"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"reachable"}},{"kind":"Field","name":{"kind":"Name","value":"xmltv"}},{"kind":"Field","name":{"kind":"Name","value":"channels"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"source"}},{"kind":"Field","name":{"kind":"Name","value":"channelsWithProgrammes"}},{"kind":"Field","name":{"kind":"Name","value":"coverage"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"channels"}},{"kind":"Field","name":{"kind":"Name","value":"covered"}},{"kind":"Field","name":{"kind":"Name","value":"byId"}},{"kind":"Field","name":{"kind":"Name","value":"byName"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"PlaylistFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Playlist"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"isProtected"}},{"kind":"Field","name":{"kind":"Name","value":"locked"}},{"kind":"Field","name":{"kind":"Name","value":"url"}},{"kind":"Field","name":{"kind":"Name","value":"epgUrl"}},{"kind":"Field","name":{"kind":"Name","value":"username"}},{"kind":"Field","name":{"kind":"Name","value":"password"}},{"kind":"Field","name":{"kind":"Name","value":"playlistCode"}},{"kind":"Field","name":{"kind":"Name","value":"lastCheck"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"PlaylistCheckFields"}}]}}]}}]} as unknown as DocumentNode<PlaylistQuery, PlaylistQueryVariables>;
export const CreatePlaylistDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CreatePlaylist"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"PlaylistInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createPlaylist"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"playlist"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"PlaylistFields"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"PlaylistCheckFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"PlaylistCheck"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"checkedAt"}},{"kind":"Field","name":{"kind":"Name","value":"durationMs"}},{"kind":"Field","name":{"kind":"Name","value":"verdict"}},{"kind":"Field","name":{"kind":"Name","value":"reachable"}},{"kind":"Field","name":{"kind":"Name","value":"problem"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"warnings"}},{"kind":"Field","name":{"kind":"Name","value":"httpStatus"}},{"kind":"Field","name":{"kind":"Name","value":"m3u"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"channels"}},{"kind":"Field","name":{"kind":"Name","value":"groups"}},{"kind":"Field","name":{"kind":"Name","value":"entriesWithoutUrl"}},{"kind":"Field","name":{"kind":"Name","value":"backupUrls"}},{"kind":"Field","name":{"kind":"Name","value":"cannotOpen"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"reason"}},{"kind":"Field","name":{"kind":"Name","value":"count"}},{"kind":"Field","name":{"kind":"Name","value":"examples"}}]}},{"kind":"Field","name":{"kind":"Name","value":"guideUrls"}},{"kind":"Field","name":{"kind":"Name","value":"sample"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"logo"}},{"kind":"Field","name":{"kind":"Name","value":"group"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"xc"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"state"}},{"kind":"Field","name":{"kind":"Name","value":"allowedFormats"}},{"kind":"Field","name":{"kind":"Name","value":"expiresAt"}},{"kind":"Field","name":{"kind":"Name","value":"isTrial"}},{"kind":"Field","name":{"kind":"Name","value":"maxConnections"}},{"kind":"Field","name":{"kind":"Name","value":"activeConnections"}},{"kind":"Field","name":{"kind":"Name","value":"liveCategories"}},{"kind":"Field","name":{"kind":"Name","value":"vodCategories"}},{"kind":"Field","name":{"kind":"Name","value":"seriesCategories"}}]}},{"kind":"Field","name":{"kind":"Name","value":"streams"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"sampled"}},{"kind":"Field","name":{"kind":"Name","value":"playable"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"samples"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"group"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"httpStatus"}},{"kind":"Field","name":{"kind":"Name","value":"codecs"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"epg"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"reachable"}},{"kind":"Field","name":{"kind":"Name","value":"xmltv"}},{"kind":"Field","name":{"kind":"Name","value":"channels"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"source"}},{"kind":"Field","name":{"kind":"Name","value":"channelsWithProgrammes"}},{"kind":"Field","name":{"kind":"Name","value":"coverage"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"channels"}},{"kind":"Field","name":{"kind":"Name","value":"covered"}},{"kind":"Field","name":{"kind":"Name","value":"byId"}},{"kind":"Field","name":{"kind":"Name","value":"byName"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"PlaylistFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Playlist"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"isProtected"}},{"kind":"Field","name":{"kind":"Name","value":"locked"}},{"kind":"Field","name":{"kind":"Name","value":"url"}},{"kind":"Field","name":{"kind":"Name","value":"epgUrl"}},{"kind":"Field","name":{"kind":"Name","value":"username"}},{"kind":"Field","name":{"kind":"Name","value":"password"}},{"kind":"Field","name":{"kind":"Name","value":"playlistCode"}},{"kind":"Field","name":{"kind":"Name","value":"lastCheck"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"PlaylistCheckFields"}}]}}]}}]} as unknown as DocumentNode<CreatePlaylistMutation, CreatePlaylistMutationVariables>;
export const UpdatePlaylistDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"UpdatePlaylist"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UpdatePlaylistInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"updatePlaylist"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"playlist"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"PlaylistFields"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"PlaylistCheckFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"PlaylistCheck"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"checkedAt"}},{"kind":"Field","name":{"kind":"Name","value":"durationMs"}},{"kind":"Field","name":{"kind":"Name","value":"verdict"}},{"kind":"Field","name":{"kind":"Name","value":"reachable"}},{"kind":"Field","name":{"kind":"Name","value":"problem"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"warnings"}},{"kind":"Field","name":{"kind":"Name","value":"httpStatus"}},{"kind":"Field","name":{"kind":"Name","value":"m3u"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"channels"}},{"kind":"Field","name":{"kind":"Name","value":"groups"}},{"kind":"Field","name":{"kind":"Name","value":"entriesWithoutUrl"}},{"kind":"Field","name":{"kind":"Name","value":"backupUrls"}},{"kind":"Field","name":{"kind":"Name","value":"cannotOpen"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"reason"}},{"kind":"Field","name":{"kind":"Name","value":"count"}},{"kind":"Field","name":{"kind":"Name","value":"examples"}}]}},{"kind":"Field","name":{"kind":"Name","value":"guideUrls"}},{"kind":"Field","name":{"kind":"Name","value":"sample"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"logo"}},{"kind":"Field","name":{"kind":"Name","value":"group"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"xc"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"state"}},{"kind":"Field","name":{"kind":"Name","value":"allowedFormats"}},{"kind":"Field","name":{"kind":"Name","value":"expiresAt"}},{"kind":"Field","name":{"kind":"Name","value":"isTrial"}},{"kind":"Field","name":{"kind":"Name","value":"maxConnections"}},{"kind":"Field","name":{"kind":"Name","value":"activeConnections"}},{"kind":"Field","name":{"kind":"Name","value":"liveCategories"}},{"kind":"Field","name":{"kind":"Name","value":"vodCategories"}},{"kind":"Field","name":{"kind":"Name","value":"seriesCategories"}}]}},{"kind":"Field","name":{"kind":"Name","value":"streams"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"sampled"}},{"kind":"Field","name":{"kind":"Name","value":"playable"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"samples"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"group"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"httpStatus"}},{"kind":"Field","name":{"kind":"Name","value":"codecs"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"epg"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"reachable"}},{"kind":"Field","name":{"kind":"Name","value":"xmltv"}},{"kind":"Field","name":{"kind":"Name","value":"channels"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"source"}},{"kind":"Field","name":{"kind":"Name","value":"channelsWithProgrammes"}},{"kind":"Field","name":{"kind":"Name","value":"coverage"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"channels"}},{"kind":"Field","name":{"kind":"Name","value":"covered"}},{"kind":"Field","name":{"kind":"Name","value":"byId"}},{"kind":"Field","name":{"kind":"Name","value":"byName"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"PlaylistFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Playlist"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"isProtected"}},{"kind":"Field","name":{"kind":"Name","value":"locked"}},{"kind":"Field","name":{"kind":"Name","value":"url"}},{"kind":"Field","name":{"kind":"Name","value":"epgUrl"}},{"kind":"Field","name":{"kind":"Name","value":"username"}},{"kind":"Field","name":{"kind":"Name","value":"password"}},{"kind":"Field","name":{"kind":"Name","value":"playlistCode"}},{"kind":"Field","name":{"kind":"Name","value":"lastCheck"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"PlaylistCheckFields"}}]}}]}}]} as unknown as DocumentNode<UpdatePlaylistMutation, UpdatePlaylistMutationVariables>;
export const DeletePlaylistDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"DeletePlaylist"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"DeletePlaylistInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"deletePlaylist"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}}]} as unknown as DocumentNode<DeletePlaylistMutation, DeletePlaylistMutationVariables>;
export const UnlockPlaylistDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"UnlockPlaylist"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UnlockPlaylistInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"unlockPlaylist"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"playlist"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"PlaylistFields"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"PlaylistCheckFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"PlaylistCheck"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"checkedAt"}},{"kind":"Field","name":{"kind":"Name","value":"durationMs"}},{"kind":"Field","name":{"kind":"Name","value":"verdict"}},{"kind":"Field","name":{"kind":"Name","value":"reachable"}},{"kind":"Field","name":{"kind":"Name","value":"problem"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"warnings"}},{"kind":"Field","name":{"kind":"Name","value":"httpStatus"}},{"kind":"Field","name":{"kind":"Name","value":"m3u"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"channels"}},{"kind":"Field","name":{"kind":"Name","value":"groups"}},{"kind":"Field","name":{"kind":"Name","value":"entriesWithoutUrl"}},{"kind":"Field","name":{"kind":"Name","value":"backupUrls"}},{"kind":"Field","name":{"kind":"Name","value":"cannotOpen"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"reason"}},{"kind":"Field","name":{"kind":"Name","value":"count"}},{"kind":"Field","name":{"kind":"Name","value":"examples"}}]}},{"kind":"Field","name":{"kind":"Name","value":"guideUrls"}},{"kind":"Field","name":{"kind":"Name","value":"sample"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"logo"}},{"kind":"Field","name":{"kind":"Name","value":"group"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"xc"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"state"}},{"kind":"Field","name":{"kind":"Name","value":"allowedFormats"}},{"kind":"Field","name":{"kind":"Name","value":"expiresAt"}},{"kind":"Field","name":{"kind":"Name","value":"isTrial"}},{"kind":"Field","name":{"kind":"Name","value":"maxConnections"}},{"kind":"Field","name":{"kind":"Name","value":"activeConnections"}},{"kind":"Field","name":{"kind":"Name","value":"liveCategories"}},{"kind":"Field","name":{"kind":"Name","value":"vodCategories"}},{"kind":"Field","name":{"kind":"Name","value":"seriesCategories"}}]}},{"kind":"Field","name":{"kind":"Name","value":"streams"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"sampled"}},{"kind":"Field","name":{"kind":"Name","value":"playable"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"samples"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"group"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"httpStatus"}},{"kind":"Field","name":{"kind":"Name","value":"codecs"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"epg"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"reachable"}},{"kind":"Field","name":{"kind":"Name","value":"xmltv"}},{"kind":"Field","name":{"kind":"Name","value":"channels"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"source"}},{"kind":"Field","name":{"kind":"Name","value":"channelsWithProgrammes"}},{"kind":"Field","name":{"kind":"Name","value":"coverage"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"channels"}},{"kind":"Field","name":{"kind":"Name","value":"covered"}},{"kind":"Field","name":{"kind":"Name","value":"byId"}},{"kind":"Field","name":{"kind":"Name","value":"byName"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"PlaylistFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Playlist"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"isProtected"}},{"kind":"Field","name":{"kind":"Name","value":"locked"}},{"kind":"Field","name":{"kind":"Name","value":"url"}},{"kind":"Field","name":{"kind":"Name","value":"epgUrl"}},{"kind":"Field","name":{"kind":"Name","value":"username"}},{"kind":"Field","name":{"kind":"Name","value":"password"}},{"kind":"Field","name":{"kind":"Name","value":"playlistCode"}},{"kind":"Field","name":{"kind":"Name","value":"lastCheck"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"PlaylistCheckFields"}}]}}]}}]} as unknown as DocumentNode<UnlockPlaylistMutation, UnlockPlaylistMutationVariables>;
export const ChangeDeviceKeyDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"ChangeDeviceKey"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ChangeDeviceKeyInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"changeDeviceKey"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"device"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"DeviceFields"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"DeviceFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Device"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"macAddress"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"expireDate"}},{"kind":"Field","name":{"kind":"Name","value":"hasParentPin"}}]}}]} as unknown as DocumentNode<ChangeDeviceKeyMutation, ChangeDeviceKeyMutationVariables>;
export const ChangeParentPinDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"ChangeParentPin"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ChangeParentPinInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"changeParentPin"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"device"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"DeviceFields"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"DeviceFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Device"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"macAddress"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"expireDate"}},{"kind":"Field","name":{"kind":"Name","value":"hasParentPin"}}]}}]} as unknown as DocumentNode<ChangeParentPinMutation, ChangeParentPinMutationVariables>;
export const SwitchMacAddressDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"SwitchMacAddress"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"SwitchMacAddressInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"switchMacAddress"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"device"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"DeviceFields"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"DeviceFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Device"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"macAddress"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"expireDate"}},{"kind":"Field","name":{"kind":"Name","value":"hasParentPin"}}]}}]} as unknown as DocumentNode<SwitchMacAddressMutation, SwitchMacAddressMutationVariables>;