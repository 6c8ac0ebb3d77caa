import { type ReactNode, useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { Spinner } from './Spinner';
import {
  type ImageLoader,
  PRELOAD_CAP_MS,
  PRELOAD_IMAGES,
  SERVER_RENDERED_AT_START,
  loadImage,
  preloadImages,
} from '../lib/preloadImages';

interface PreloadGateProps {
  children: ReactNode;
  urls?: readonly string[];
  capMs?: number;
  /** The page arrived server-rendered: show it at once. */
  serverRendered?: boolean;
  load?: ImageLoader;
}

/**
 * The site's loading spinner: it covers the page until the site's images have
 * preloaded, or until `capMs` at most. The page renders underneath from the start, inert while covered, so the
 * browser fetches its images in parallel, a hash target already exists, and nothing moves when the cover goes.
 * It lives in the frame, so it runs on the site's first load only, not on every page change.
 */
export function PreloadGate({
  children,
  urls = PRELOAD_IMAGES,
  capMs = PRELOAD_CAP_MS,
  serverRendered = SERVER_RENDERED_AT_START,
  load = loadImage,
}: PreloadGateProps) {
  const intl = useIntl();
  const [ready, setReady] = useState(() => serverRendered || urls.length === 0);

  useEffect(() => {
    if (ready) return;
    const controller = new AbortController();
    void preloadImages(urls, { capMs, load, signal: controller.signal }).then(() => setReady(true));
    return () => controller.abort();
  }, [ready, urls, capMs, load]);

  return (
    <>
      {!ready && (
        <div className="preload-cover">
          <Spinner label={intl.formatMessage({ id: 'site.loadingSite', defaultMessage: 'Loading the site…' })} />
        </div>
      )}
      <div className="preload-gate" inert={!ready} aria-busy={!ready}>
        {children}
      </div>
    </>
  );
}
