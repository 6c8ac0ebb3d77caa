import { useFocusable } from '@noriginmedia/norigin-spatial-navigation';
import { useEffect, useRef, useState } from 'react';
import { defineMessages, useIntl, type MessageDescriptor } from 'react-intl';
import { playerMessages } from '../../../../common/player-messages';
import { channelStep } from '../platform';
import type { Channel } from '../playlists/channel';
import { play, type Engine } from '../player/engine';
import { failureText } from '../player/failure';
import type { PlayerFailure } from '../player/sniff';
import { useBack } from '../ui/back';

type NoValues = Record<string, never>;

const TEXTS = defineMessages<{
  loading: { name: string };
  failed: { name: string };
  hint: NoValues;
}>({
  loading: { id: 'tvapp.player.loading', defaultMessage: 'Opening {name}…' },
  failed: { id: 'tvapp.player.failed', defaultMessage: '{name} did not play' },
  hint: { id: 'tvapp.player.hint', defaultMessage: 'Up and Down change the channel; Back returns to the list.' },
});

/** Headers a web engine never lets a page set on a request (the Fetch standard's forbidden request headers). */
const FORBIDDEN_HEADERS = /^(user-agent|referer|origin|host|cookie|connection)$/i;

/**
 * A channel full screen. Up and Down (and the remote's channel keys) change the channel; Back returns to the list.
 */
export function PlayerScreen({
  channels,
  index,
  onIndex,
  onClose,
}: {
  channels: Channel[];
  index: number;
  onIndex: (index: number) => void;
  onClose: () => void;
}) {
  const intl = useIntl();
  const video = useRef<HTMLVideoElement>(null);
  // What the player said, each with the channel it was said of: a channel just chosen shows nothing of the last.
  const [failed, setFailed] = useState<{ url: string; failure: PlayerFailure }>();
  const [startedUrl, setStartedUrl] = useState<string>();
  const [engineOf, setEngineOf] = useState<{ url: string; engine: Engine }>();
  const [banner, setBanner] = useState(true);
  const channel = channels[index]!;
  const failure = failed?.url === channel.url ? failed.failure : undefined;
  const started = startedUrl === channel.url;
  const engine = engineOf?.url === channel.url ? engineOf.engine : undefined;
  const step = (by: number) => onIndex((index + by + channels.length) % channels.length);
  const { ref, focusSelf } = useFocusable({
    focusKey: 'PLAYER',
    isFocusBoundary: true,
    onArrowPress: (direction) => {
      if (direction === 'up') step(-1);
      else if (direction === 'down') step(1);
      return false;
    },
    onEnterPress: () => setBanner(true),
  });
  useBack(onClose);
  useEffect(() => {
    focusSelf();
  }, [focusSelf]);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const by = channelStep(event);
      if (by) {
        event.preventDefault();
        step(by);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  useEffect(() => {
    const element = video.current;
    if (!element) return;
    const url = channel.url;
    // A channel chosen again starts afresh (the url check above covers the render before this runs).
    setFailed(undefined);
    setStartedUrl(undefined);
    setEngineOf(undefined);
    setBanner(true);
    const onTime = () => {
      if (element.currentTime > 0) setStartedUrl(url);
    };
    element.addEventListener('timeupdate', onTime);
    const playback = play(element, url, {
      onFailure: (failure) => setFailed({ url, failure }),
      onEngine: (engine) => setEngineOf({ url, engine }),
    });
    const hide = setTimeout(() => setBanner(false), 4000);
    return () => {
      clearTimeout(hide);
      element.removeEventListener('timeupdate', onTime);
      playback.stop();
    };
  }, [channel.url]);

  const unsendable = Object.keys(channel.headers ?? {}).filter((name) => FORBIDDEN_HEADERS.test(name));
  return (
    <div ref={ref} className="tv-player" data-engine={engine}>
      <video ref={video} className="tv-player__video" autoPlay playsInline data-testid="player" />
      {(banner || failure || !started) && (
        <div className="tv-player__banner">
          <p className="tv-player__channel">
            <span className="tv-player__number">{index + 1}</span> {channel.name}
          </p>
          {!failure && !started && <p>{intl.formatMessage(TEXTS.loading, { name: channel.name })}</p>}
          {failure && (
            <div role="alert" className="tv-player__error">
              <p>
                <strong>{intl.formatMessage(TEXTS.failed, { name: channel.name })}</strong>
              </p>
              <p data-testid="player-error">{failureText(intl, failure)}</p>
              {unsendable.length > 0 && (
                <p>
                  {intl.formatMessage(playerMessages.headers as MessageDescriptor, { names: unsendable.join(', ') })}
                </p>
              )}
            </div>
          )}
          <p className="tv-player__hint">{intl.formatMessage(TEXTS.hint)}</p>
        </div>
      )}
    </div>
  );
}
