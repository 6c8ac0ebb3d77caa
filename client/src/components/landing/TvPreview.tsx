import { useIntl } from 'react-intl';
import { useScrollScale } from '../../hooks/useScrollScale';
import { usePrefersReducedMotion } from '../../hooks/usePrefersReducedMotion';
import { TvPreviewArt } from './artwork/TvPreviewArt';

/** The TV preview that grows into place as it scrolls into view (the landing page's third section). */
export function TvPreview() {
  const { anchor, target } = useScrollScale<HTMLDivElement, HTMLDivElement>(usePrefersReducedMotion());
  const intl = useIntl();
  return (
    <div ref={anchor} className="tv-preview__stage">
      <div ref={target} className="tv-preview__image">
        <TvPreviewArt
          label={intl.formatMessage({
            id: 'landing.tvPreview.alt',
            defaultMessage:
              "A large TV showing the app's film library: a featured film with Play and Details buttons above a row of trending films",
          })}
        />
      </div>
    </div>
  );
}
