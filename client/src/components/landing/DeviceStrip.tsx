import { useState } from 'react';
import { useIntl } from 'react-intl';
import Marquee from 'react-fast-marquee';
import { useLocale } from '../../i18n/LocaleProvider';
import { usePrefersReducedMotion } from '../../hooks/usePrefersReducedMotion';
import { PLATFORMS } from '../../lib/siteImages';
import { DeviceBadge } from './artwork/DeviceBadge';

/** The device-logo strip plays continuously at speed 70, filling the width. */
export const DEVICE_STRIP_SPEED = 70;

/**
 * The continuously scrolling strip of compatible devices (the landing page's fourth section). The moving badges are
 * decoration (their copies would be read out again and again); the same names are in a list for screen readers.
 * Reduced motion stops it, and so does the pause button (moving content needs a way to stop it).
 */
export function DeviceStrip() {
  const intl = useIntl();
  const { dir } = useLocale();
  const [paused, setPaused] = useState(false);
  const reducedMotion = usePrefersReducedMotion();
  // In a right-to-left language the logos arrive from the left and travel right, as that reader's eye goes, the
  // first one leading. The marquee's own track is laid out left to right either way (its keyframes are physical).
  const rtl = dir === 'rtl';
  const badges = rtl ? [...PLATFORMS].reverse() : PLATFORMS;
  return (
    <>
      <ul className="visually-hidden">
        {PLATFORMS.map((platform) => (
          <li key={platform.name}>{intl.formatMessage(platform.label)}</li>
        ))}
      </ul>
      <div className="device-strip" aria-hidden="true" dir="ltr">
        <Marquee
          speed={DEVICE_STRIP_SPEED}
          direction={rtl ? 'right' : 'left'}
          autoFill
          play={!paused && !reducedMotion}
          pauseOnHover
        >
          {badges.map((platform) => (
            <DeviceBadge key={platform.name} name={platform.badge} className="device-strip__badge" />
          ))}
        </Marquee>
      </div>
      {!reducedMotion && (
        <button
          type="button"
          className="device-strip__toggle"
          aria-pressed={paused}
          onClick={() => setPaused((value) => !value)}
        >
          {paused
            ? intl.formatMessage({ id: 'site.devices.play', defaultMessage: 'Play the device logos' })
            : intl.formatMessage({ id: 'site.devices.pause', defaultMessage: 'Pause the device logos' })}
        </button>
      )}
    </>
  );
}
