import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLtr, useLtrText } from '../Bidi';
import { keepTogether } from '../../i18n/format';
import { ILLUSTRATIONS } from '../../lib/siteImages';

interface IntroVideoProps {
  /** The video's id on the external player; empty shows the poster alone. */
  videoId: string;
  productName: string;
}

export function introVideoUrl(videoId: string): string {
  return `https://www.youtube-nocookie.com/embed/${encodeURIComponent(videoId)}?autoplay=1`;
}

/**
 * The intro's external video player (the landing page's second section) behind a facade: a poster and a play button cost
 * nothing, the player's frame and scripts load only when the visitor asks for the video.
 */
export function IntroVideo({ videoId, productName }: IntroVideoProps) {
  const intl = useIntl();
  const ltr = useLtr();
  const ltrText = useLtrText();
  const [playing, setPlaying] = useState(false);
  const poster = ILLUSTRATIONS.introPoster;
  const title = intl.formatMessage(
    { id: 'landing.video.title', defaultMessage: '{product}: a short introduction' },
    { product: ltrText(productName) },
  );

  if (!videoId) {
    return (
      <figure className="video">
        <div className="video__frame">
          <img
            className="video__poster"
            src={poster.src}
            width={poster.width}
            height={poster.height}
            alt={intl.formatMessage({
              id: 'landing.video.posterAlt',
              defaultMessage: 'A smart TV in a living room, playing a film',
            })}
          />
        </div>
        <figcaption className="video__caption">
          <FormattedMessage
            id="landing.video.comingSoon"
            defaultMessage="Our video tour is on its way. Until then, the 7-day trial is the best tour."
          />
        </figcaption>
      </figure>
    );
  }

  return (
    <figure className="video">
      <div className="video__frame">
        {playing ? (
          <iframe
            className="video__player"
            src={introVideoUrl(videoId)}
            title={title}
            allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
            allowFullScreen
            referrerPolicy="strict-origin-when-cross-origin"
          />
        ) : (
          <button type="button" className="video__facade" onClick={() => setPlaying(true)}>
            <img className="video__poster" src={poster.src} width={poster.width} height={poster.height} alt="" />
            <span className="video__play" aria-hidden="true">
              <svg viewBox="0 0 24 24" width="28" height="28" focusable="false">
                <path d="M8 5.5v13l10.5-6.5z" fill="currentColor" />
              </svg>
            </span>
            <span className="visually-hidden">
              <FormattedMessage id="landing.video.play" defaultMessage="Play the video: {title}" values={{ title }} />
            </span>
          </button>
        )}
      </div>
      <figcaption className="video__caption">
        <FormattedMessage
          id="landing.video.caption"
          defaultMessage="A short look at {product} on a smart TV. The player loads from YouTube once you press play."
          values={{ product: ltr(keepTogether(productName)) }}
        />
      </figcaption>
    </figure>
  );
}
