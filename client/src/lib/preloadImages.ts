import { ICONS, ILLUSTRATIONS, PLATFORMS } from './siteImages';

/**
 * The images the loading spinner waits for (the OS icons, icons and illustrations): every picture file of the
 * landing page, and the contact page's. (The pictures of the TV app are drawn in the page, not loaded.)
 */
export const PRELOAD_IMAGES: string[] = [
  ...PLATFORMS.map((platform) => platform.icon.src),
  ...Object.values(ILLUSTRATIONS).map((image) => image.src),
  ...Object.values(ICONS).map((image) => image.src),
  '/images/contact-illustration.svg',
];

/** The longest the spinner may stay up: a slow or missing image must not hold the whole site back. */
export const PRELOAD_CAP_MS = 2500;

export type ImageLoader = (url: string) => Promise<void>;

/** Fetches one image into the browser's cache. Settles when it has loaded or failed: a broken image blocks nothing. */
export const loadImage: ImageLoader = (url) =>
  new Promise((resolve) => {
    const image = new Image();
    image.onload = () => resolve();
    image.onerror = () => resolve();
    image.src = url;
  });

export type PreloadOutcome = 'loaded' | 'capped';

/**
 * Waits until every image has settled or `capMs` has passed, whichever comes first. Aborting the signal stops the
 * clock (the answer then never comes).
 */
export function preloadImages(
  urls: readonly string[],
  {
    capMs = PRELOAD_CAP_MS,
    load = loadImage,
    signal,
  }: { capMs?: number; load?: ImageLoader; signal?: AbortSignal } = {},
): Promise<PreloadOutcome> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve('capped'), capMs);
    signal?.addEventListener('abort', () => clearTimeout(timer), { once: true });
    void Promise.all(urls.map((url) => load(url))).then(() => {
      clearTimeout(timer);
      if (!signal?.aborted) resolve('loaded');
    });
  });
}

/**
 * Whether #root holds server-rendered markup. Read once when this module is first evaluated, before React renders
 * anything into it: such a page is already readable, so the spinner would only hide it. Elements count, not a
 * stray comment or whitespace a template may leave in an empty root.
 */
export function rootHasServerMarkup(doc: Document | undefined = globalThis.document): boolean {
  return Boolean(doc?.getElementById('root')?.firstElementChild);
}

/** True while rendering on the server too: the HTML sent must show the page, not the spinner. */
export const SERVER_RENDERED_AT_START = typeof document === 'undefined' || rootHasServerMarkup();
