import { useIntl } from 'react-intl';
import { useScrollScale } from '../../hooks/useScrollScale';
import { usePrefersReducedMotion } from '../../hooks/usePrefersReducedMotion';
import { ILLUSTRATIONS } from '../../lib/siteImages';

/** The TV preview that grows into place as it scrolls into view (the landing page's third section). */
export function TvPreview() {
  const { anchor, target } = useScrollScale<HTMLDivElement, HTMLImageElement>(usePrefersReducedMotion());
  const intl = useIntl();
  const image = ILLUSTRATIONS.tvPreview;
  return (
    <div ref={anchor} className="tv-preview__stage">
      <img
        ref={target}
        className="tv-preview__image"
        src={image.src}
        width={image.width}
        height={image.height}
        alt={intl.formatMessage({
          id: 'landing.tvPreview.alt',
          defaultMessage:
            "A large TV showing the app's film library: a featured film with Play and Details buttons above a row of trending films",
        })}
        loading="lazy"
        decoding="async"
      />
    </div>
  );
}
