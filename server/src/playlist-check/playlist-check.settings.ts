import { z } from 'zod';
import { positiveInt, settingsSection, urlList } from '../common/settings';

// 0 included: it turns the stream samples or the cache off.
const wholeNumber = z.coerce
  .number({ error: 'must be a whole number' })
  .int('must be a whole number')
  .min(0, 'must be 0 or more');

/** How many playlists a device keeps, and the playlist check's fetcher and limits (docs/configuration.md). */
export const playlistSettings = settingsSection({
  shape: {
    PLAYLIST_MAX_PER_DEVICE: positiveInt.max(100_000, 'must be at most 100000').default(1000),
    PLAYLIST_CHECK_TIMEOUT_SECONDS: positiveInt.max(120, 'must be at most 120').default(15),
    PLAYLIST_CHECK_MAX_MB: positiveInt.max(1024, 'must be at most 1024').default(200),
    PLAYLIST_CHECK_USER_AGENT: z
      .string()
      .trim()
      .min(1)
      .max(200)
      .default('M3UPlayer-Check/1.0 (like a smart-TV player)'),
    PLAYLIST_CHECK_ALLOW: z.string().default(''),
    PLAYLIST_CHECK_PER_DEVICE_PER_HOUR: positiveInt.max(10_000).default(30),
    PLAYLIST_CHECK_CONCURRENCY: positiveInt.max(100).default(4),
    PLAYLIST_CHECK_STREAM_SAMPLES: wholeNumber.max(10, 'must be at most 10').default(5),
    PLAYLIST_CHECK_STREAM_SECONDS: positiveInt.max(30, 'must be at most 30').default(8),
    PLAYLIST_CHECK_STREAM_KB: positiveInt.min(16, 'must be at least 16').max(4096, 'must be at most 4096').default(256),
    PLAYLIST_CHECK_STREAMS_TOTAL_SECONDS: positiveInt.max(120, 'must be at most 120').default(25),
    PLAYLIST_CHECK_CACHE_SECONDS: wholeNumber.max(3600, 'must be at most 3600').default(120),
  },
  read: (env) => ({
    playlistMaxPerDevice: env.PLAYLIST_MAX_PER_DEVICE,
    /** The playlist check's fetcher and limits (see playlist-check/). */
    playlistCheck: {
      timeoutMs: env.PLAYLIST_CHECK_TIMEOUT_SECONDS * 1000,
      maxBytes: env.PLAYLIST_CHECK_MAX_MB * 1024 * 1024,
      userAgent: env.PLAYLIST_CHECK_USER_AGENT,
      /** Internal hosts, addresses or CIDRs the check may fetch anyway (tests, private deployments). */
      allow: urlList(env.PLAYLIST_CHECK_ALLOW),
      perDevicePerHour: env.PLAYLIST_CHECK_PER_DEVICE_PER_HOUR,
      concurrency: env.PLAYLIST_CHECK_CONCURRENCY,
      cacheMs: env.PLAYLIST_CHECK_CACHE_SECONDS * 1000,
      /** Channels opened to see what they answer (0: none), and the limits of each and of all together. */
      streams: {
        samples: env.PLAYLIST_CHECK_STREAM_SAMPLES,
        perSampleMs: env.PLAYLIST_CHECK_STREAM_SECONDS * 1000,
        maxBytes: env.PLAYLIST_CHECK_STREAM_KB * 1024,
        totalMs: env.PLAYLIST_CHECK_STREAMS_TOTAL_SECONDS * 1000,
      },
    },
  }),
});
