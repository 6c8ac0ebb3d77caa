/**
 * Plays a channel in a <video> element the way a browser can: HLS through hls.js, MPEG-TS through mpegts.js (both
 * feed Media Source Extensions), MP4, WebM and audio natively. Chromium answers canPlayType "maybe" for HLS but
 * does not play MPEG-TS segments itself, so the player is chosen by what plays, not by what the browser claims.
 *
 * Shared by the TV app and the browser test that holds the playlist check's verdicts against real playback
 * (tests/e2e/player-agreement.e2e.test.ts): one way of playing, so the test proves what the app does.
 */
import Hls from 'hls.js';
import mpegts from 'mpegts.js';
import type { PlayerKind } from './playerKind';

export { playerKindFor, type PlayerKind } from './playerKind';

/** A player attached to a video element: stop it before attaching another or leaving. */
export interface AttachedPlayer {
  kind: PlayerKind;
  detach(): void;
}

/**
 * Starts `url` in `video` with the given player. `onFatal` hears a failure the player cannot recover from (hls.js
 * after its own retries, mpegts.js at once, the element's error for native playback).
 */
export function attachPlayer(
  video: HTMLVideoElement,
  url: string,
  kind: PlayerKind,
  onFatal: (reason: string) => void = () => {},
): AttachedPlayer {
  if (kind === 'hls' && Hls.isSupported()) {
    const hls = new Hls();
    hls.on(Hls.Events.ERROR, (_event, data) => {
      if (data.fatal) onFatal(`${data.type}: ${data.details}`);
    });
    hls.loadSource(url);
    hls.attachMedia(video);
    return { kind, detach: () => hls.destroy() };
  }
  if (kind === 'mpegts' && mpegts.isSupported()) {
    const player = mpegts.createPlayer({ type: 'mpegts', isLive: true, url });
    player.on(mpegts.Events.ERROR, (type: string, detail: string) => onFatal(`${type}: ${detail}`));
    player.attachMediaElement(video);
    player.load();
    return {
      kind,
      detach: () => {
        player.pause();
        player.unload();
        player.detachMediaElement();
        player.destroy();
      },
    };
  }
  const onError = () => onFatal(`media error ${video.error?.code ?? ''}`.trim());
  video.addEventListener('error', onError);
  video.src = url;
  return {
    kind: 'native',
    detach: () => {
      video.removeEventListener('error', onError);
      video.removeAttribute('src');
      video.load();
    },
  };
}
