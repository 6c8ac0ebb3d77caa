import type {
  DeviceFieldsFragment,
  DevicePaymentsQuery,
  DeviceTvSessionsQuery,
  PlaylistCheckFieldsFragment,
  PlaylistFieldsFragment,
  PricingQuery,
} from '../__generated__/graphql';

type DeviceResult = DeviceFieldsFragment & { __typename: 'Device' };

/** A signed-in device as the graph returns it, in its trial unless overridden. */
export function buildDevice(overrides: Partial<DeviceResult> = {}): DeviceResult {
  return {
    __typename: 'Device',
    id: 'device-1',
    macAddress: 'a1:b2:c3:d4:e5:f6',
    status: 'TRIAL',
    createdAt: '2026-11-14T09:30:00.000Z',
    expireDate: '2026-11-21T09:30:00.000Z',
    hasParentPin: false,
    ...overrides,
  };
}

type PlaylistResult = PlaylistFieldsFragment & { __typename: 'Playlist' };

/** A playlist as the graph returns it: an unprotected general playlist unless overridden. */
export function buildPlaylist(overrides: Partial<PlaylistResult> = {}): PlaylistResult {
  return {
    __typename: 'Playlist',
    id: 'playlist-1',
    name: 'Sports',
    type: 'GENERAL',
    isProtected: false,
    locked: false,
    url: 'http://provider.example/sports.m3u',
    epgUrl: null,
    username: null,
    password: null,
    playlistCode: null,
    lockedGroups: [],
    lastCheck: null,
    ...overrides,
  };
}

type PlaylistCheckResult = PlaylistCheckFieldsFragment & { __typename: 'PlaylistCheck' };

/**
 * A playlist check as the graph returns it: an M3U playlist that plays, without a guide unless overridden.
 * Give `m3u: null` and an `xc` for an Xtream Codes account.
 */
export function buildPlaylistCheck(overrides: Partial<PlaylistCheckResult> = {}): PlaylistCheckResult {
  return {
    __typename: 'PlaylistCheck',
    checkedAt: '2026-11-20T14:05:00.000Z',
    durationMs: 1240,
    verdict: 'OK',
    reachable: true,
    problem: null,
    message: 'The playlist opens: 2 channels in 1 group.',
    warnings: [],
    httpStatus: 200,
    m3u: {
      __typename: 'M3uCheck',
      channels: 2,
      groups: 1,
      entriesWithoutUrl: 0,
      backupUrls: 0,
      cannotOpen: [],
      guideUrls: [],
      groupNames: null,
      sample: [
        { __typename: 'ChannelSample', name: 'Sky Sports', logo: 'https://logos.example/sky.png', group: 'Sports' },
        { __typename: 'ChannelSample', name: 'Eurosport', logo: null, group: 'Sports' },
      ],
    },
    xc: null,
    epg: null,
    streams: null,
    ...overrides,
  } as PlaylistCheckResult;
}

type Pricing = NonNullable<PricingQuery['pricing']>;
type PricingResult = Omit<Pricing, 'coins' | 'methodPrices'> & {
  __typename: 'Pricing';
  coins: (Pricing['coins'][number] & { __typename: 'Coin' })[];
  methodPrices: (Pricing['methodPrices'][number] & { __typename: 'MethodPrice' })[];
};

/** The price and payment methods as the graph returns them: every method on, none in the sandbox. */
export function buildPricing(overrides: Partial<PricingResult> = {}): PricingResult {
  return {
    __typename: 'Pricing',
    price: '8.99',
    currency: 'EUR',
    // The default prices: euro for PayPal and crypto, Egyptian pounds for the Cowpay and OPay accounts.
    methodPrices: [
      { __typename: 'MethodPrice', method: 'OPAY', price: '499.00', currency: 'EGP' },
      { __typename: 'MethodPrice', method: 'OPAY1', price: '499.00', currency: 'EGP' },
      { __typename: 'MethodPrice', method: 'COWPAY', price: '499.00', currency: 'EGP' },
      { __typename: 'MethodPrice', method: 'CRYPTO', price: '8.99', currency: 'EUR' },
      { __typename: 'MethodPrice', method: 'PAYPAL', price: '8.99', currency: 'EUR' },
    ],
    licenceDays: 365,
    methods: ['IBOSTORE', 'OPAY', 'OPAY1', 'COWPAY', 'CRYPTO', 'PAYPAL'],
    coins: [
      { __typename: 'Coin', code: 'BTC', name: 'Bitcoin' },
      { __typename: 'Coin', code: 'USDT', name: 'Tether' },
    ],
    paypalClientId: 'paypal-client-id',
    paypalSdkUrl: 'https://paypal.example/sdk/js?client-id=paypal-client-id&currency=EUR',
    ibostoreUrl: 'https://ibostore.example/activate?mac={mac}',
    cowpayFrameUrl: 'https://cowpay.example/js/plugins/CCIframePlugin.js',
    sandboxMethods: [],
    testPayments: false,
    ...overrides,
  };
}

type PaymentResult = NonNullable<DevicePaymentsQuery['currentDevice']>['payments'][number] & {
  __typename: 'Activation';
};

/** One payment of the device's history: a paid card payment of a 365-day licence unless overridden. */
export function buildPayment(overrides: Partial<PaymentResult> = {}): PaymentResult {
  return {
    __typename: 'Activation',
    id: 'activation-1',
    method: 'COWPAY',
    status: 'PAID',
    amount: '8.99',
    currency: 'EUR',
    licenceDays: 365,
    createdAt: '2026-11-20T10:00:00.000Z',
    paidAt: '2026-11-20T10:05:00.000Z',
    licenceExpiresAt: '2027-11-21T09:30:00.000Z',
    sandbox: false,
    takenBackAt: null,
    refunded: null,
    dispute: null,
    partialPayment: null,
    ...overrides,
  };
}

type TvSessionResult = NonNullable<DeviceTvSessionsQuery['currentDevice']>['tvSessions'][number] & {
  __typename: 'TvSession';
};

/** A TV signed in to the device, as the owner's list shows it. */
export function buildTvSession(overrides: Partial<TvSessionResult> = {}): TvSessionResult {
  return {
    __typename: 'TvSession',
    id: 'tv-1',
    model: 'Samsung QE55',
    appVersion: '2.4.1',
    signedInAt: '2026-11-14T09:30:00.000Z',
    lastSeenAt: '2026-11-20T08:00:00.000Z',
    ...overrides,
  };
}
