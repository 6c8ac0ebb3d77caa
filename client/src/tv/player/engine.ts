import { KEYS, read, write } from '../platform/storage';
import { sniff, type PlayerFailure, type StreamFormat } from './sniff';

/**
 * Plays a channel in a <video>: HLS natively where the engine plays it, else with hls.js; MPEG-TS with
 * mpegts.js; MP4, WebM and radio (MP3, AAC) natively. "Natively where it plays" is found by playing, not by
 * `canPlayType` (desktop Chromium answers "maybe" whatever it then does): an HLS channel tries the engine's own
 * player for up to 5 s, in CORS mode when the provider allows it, and falls back to hls.js; a fallback is kept
 * (platform storage), so later channels and starts go to hls.js at once. hls.js and mpegts.js load only when a
 * channel needs them (the first screen does not carry them). The player screen and the test that holds the
 * playlist check's verdicts against a real player (tests/e2e/player-agreement.e2e.test.ts) both call `play()`.
 */
export interface Playback {
  /** Stops the channel and frees the player. */
  stop(): void;
}

export interface PlayOptions {
  onFailure: (failure: PlayerFailure) => void;
  /** Which player plays it, once known: for the tests and the bench. */
  onEngine?: (engine: Engine) => void;
}

export type Engine = 'native' | 'hls.js' | 'mpegts.js';

/** How long the engine's own HLS player has to start before hls.js is tried. */
const NATIVE_TRIAL_MS = 5000;

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

/** Resolves when the video advances (a frame shown), rejects on its error or after `ms`. */
function untilPlaying(video: HTMLVideoElement, ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = (error?: Error) => {
      clearTimeout(timer);
      video.removeEventListener('timeupdate', onTime);
      video.removeEventListener('error', onError);
      signal.removeEventListener('abort', onAbort);
      if (error) reject(error);
      else resolve();
    };
    const onTime = () => {
      if (video.currentTime > 0) done();
    };
    const onError = () => done(new Error(video.error?.message || `media error ${video.error?.code ?? ''}`.trim()));
    const onAbort = () => done(new Error('stopped'));
    const timer = setTimeout(() => done(new Error('no frame in time')), ms);
    video.addEventListener('timeupdate', onTime);
    video.addEventListener('error', onError);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * `cors`: request the stream in CORS mode (the provider let the page read its first bytes). Chromium's own HLS
 * player plays a cross-origin playlist only so (it reads the playlist's text); without it, it refuses the source
 * at once ("no supported source"), as desktop Chromium 156 did for every provider before the trial asked this way.
 */
function playNative(video: HTMLVideoElement, url: string, cors = false): () => void {
  if (cors) video.crossOrigin = 'anonymous';
  else video.removeAttribute('crossorigin');
  video.src = url;
  void video.play().catch(() => undefined);
  return () => {
    video.removeAttribute('src');
    video.load();
  };
}

async function playWithHlsJs(video: HTMLVideoElement, url: string, options: PlayOptions): Promise<() => void> {
  const { default: Hls } = await import('hls.js');
  // A worker from a blob: URL would need the page's CSP to allow it; transmuxing on the main thread is enough.
  const hls = new Hls({ enableWorker: false, lowLatencyMode: false });
  hls.on(Hls.Events.ERROR, (_event, data) => {
    if (!data.fatal) return;
    const status = data.response?.code;
    if (typeof status === 'number' && status >= 400) options.onFailure({ kind: 'http', status });
    else if (data.type === Hls.ErrorTypes.NETWORK_ERROR && status === 0)
      options.onFailure({ kind: 'cors', host: hostOf(url) });
    else options.onFailure({ kind: 'decode', detail: data.details });
    hls.destroy();
  });
  hls.loadSource(url);
  hls.attachMedia(video);
  void video.play().catch(() => undefined);
  return () => hls.destroy();
}

async function playWithMpegts(video: HTMLVideoElement, url: string, options: PlayOptions): Promise<() => void> {
  const { default: mpegts } = await import('mpegts.js');
  const player = mpegts.createPlayer(
    { type: 'mpegts', isLive: true, url },
    { enableWorker: false, lazyLoad: false, liveBufferLatencyChasing: true },
  );
  player.on(mpegts.Events.ERROR, (type: string, detail: string, info: { code?: number; msg?: string }) => {
    if (typeof info?.code === 'number' && info.code >= 400) options.onFailure({ kind: 'http', status: info.code });
    else if (type === mpegts.ErrorTypes.NETWORK_ERROR) options.onFailure({ kind: 'cors', host: hostOf(url) });
    else options.onFailure({ kind: 'decode', detail: `${detail}${info?.msg ? `: ${info.msg}` : ''}` });
  });
  player.attachMediaElement(video);
  player.load();
  void Promise.resolve(player.play()).catch(() => undefined);
  return () => {
    player.pause();
    player.unload();
    player.detachMediaElement();
    player.destroy();
  };
}

function reportNativeErrors(video: HTMLVideoElement, url: string, readable: boolean, options: PlayOptions) {
  const onError = () =>
    options.onFailure(
      readable
        ? { kind: 'decode', detail: video.error?.message || `media error ${video.error?.code ?? ''}` }
        : { kind: 'cors', host: hostOf(url) },
    );
  video.addEventListener('error', onError);
  return () => video.removeEventListener('error', onError);
}

/** Plays `url` in `video`; failures come through `options.onFailure`, in the check's terms. */
export function play(video: HTMLVideoElement, url: string, options: PlayOptions): Playback {
  const controller = new AbortController();
  const cleanups: Array<() => void> = [];
  const stop = () => {
    controller.abort();
    for (const cleanup of cleanups.splice(0).reverse()) cleanup();
  };
  const fail = (failure: PlayerFailure) => {
    if (controller.signal.aborted) return;
    stop();
    options.onFailure(failure);
  };
  const guarded: PlayOptions = { ...options, onFailure: fail };

  void (async () => {
    const sniffed = await sniff(url, controller.signal).catch(() => undefined);
    if (!sniffed || controller.signal.aborted) return;
    if (sniffed.ok === false) return fail(sniffed.error);
    const readable = sniffed.ok === true;
    const format: StreamFormat = sniffed.format;
    const attach = async (engine: Engine) => {
      options.onEngine?.(engine);
      if (engine === 'hls.js') cleanups.push(await playWithHlsJs(video, url, guarded));
      else if (engine === 'mpegts.js') cleanups.push(await playWithMpegts(video, url, guarded));
      else {
        cleanups.push(playNative(video, url));
        cleanups.push(reportNativeErrors(video, url, readable, guarded));
      }
    };
    if (format === 'ts') return attach('mpegts.js');
    if (format !== 'hls') return attach('native');
    // HLS: the kept verdict, else a trial of the engine's own player.
    const kept = read(KEYS.hlsEngine);
    if (kept === 'hls.js' || video.canPlayType('application/vnd.apple.mpegurl') === '') return attach('hls.js');
    options.onEngine?.('native');
    const detach = playNative(video, url, readable);
    try {
      await untilPlaying(video, NATIVE_TRIAL_MS, controller.signal);
      write(KEYS.hlsEngine, 'native');
      cleanups.push(detach);
      cleanups.push(reportNativeErrors(video, url, readable, guarded));
    } catch {
      detach();
      if (controller.signal.aborted) return;
      write(KEYS.hlsEngine, 'hls.js');
      await attach('hls.js');
    }
  })();

  return { stop };
}
