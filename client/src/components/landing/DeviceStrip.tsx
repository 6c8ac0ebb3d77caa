import { useState } from 'react';
import Marquee from 'react-fast-marquee';
import { usePrefersReducedMotion } from '../../hooks/usePrefersReducedMotion';
import { PLATFORMS } from '../../lib/siteImages';

/** The device-logo strip plays continuously at speed 70, filling the width. */
export const DEVICE_STRIP_SPEED = 70;

/**
 * The continuously scrolling strip of compatible devices (the landing page's fourth section). The moving badges are
 * decoration (their copies would be read out again and again); the same names are in a list for screen readers.
 * Reduced motion stops it, and so does the pause button (moving content needs a way to stop it).
 */
export function DeviceStrip() {
  const [paused, setPaused] = useState(false);
  const reducedMotion = usePrefersReducedMotion();
  return (
    <>
      <ul className="visually-hidden">
        {PLATFORMS.map((platform) => (
          <li key={platform.name}>{platform.name}</li>
        ))}
      </ul>
      <div className="device-strip" aria-hidden="true">
        <Marquee speed={DEVICE_STRIP_SPEED} autoFill play={!paused && !reducedMotion} pauseOnHover>
          {PLATFORMS.map((platform) => (
            <img
              key={platform.name}
              className="device-strip__badge"
              src={platform.badge.src}
              width={platform.badge.width}
              height={platform.badge.height}
              alt=""
            />
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
          {paused ? 'Play' : 'Pause'} the device logos
        </button>
      )}
    </>
  );
}
