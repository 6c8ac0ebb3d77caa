import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PRELOAD_IMAGES, loadImage, preloadImages, rootHasServerMarkup } from './preloadImages';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('PRELOAD_IMAGES', () => {
  // The pictures of the TV app (13 of the 29 files it once listed) are drawn in the page, with their words in the
  // page's language (components/landing/artwork/): there is nothing to wait for. LandingPage.test.tsx checks that
  // every picture the landing page loads is one of these.
  it('lists the 16 picture files of the landing and contact pages, each once, all served from client/public', () => {
    expect(PRELOAD_IMAGES).toHaveLength(16);
    expect(new Set(PRELOAD_IMAGES).size).toBe(PRELOAD_IMAGES.length);
    const publicDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../public');
    const missing = PRELOAD_IMAGES.filter((url) => !existsSync(path.join(publicDir, url)));
    expect(missing).toEqual([]);
  });
});

describe('loadImage', () => {
  class FakeImage {
    static created: FakeImage[] = [];
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    src = '';
    constructor() {
      FakeImage.created.push(this);
    }
  }

  it('settles when the image has loaded, and also when it fails', async () => {
    FakeImage.created = [];
    vi.stubGlobal('Image', FakeImage);
    const loaded = loadImage('/images/a.svg');
    const failed = loadImage('/images/missing.svg');
    const [first, second] = FakeImage.created;
    expect(first!.src).toBe('/images/a.svg');
    first!.onload!();
    second!.onerror!();
    await expect(Promise.all([loaded, failed])).resolves.toEqual([undefined, undefined]);
  });
});

describe('preloadImages', () => {
  it('answers once every image has loaded', async () => {
    const load = vi.fn((_url: string) => Promise.resolve());
    await expect(preloadImages(['/a.svg', '/b.svg'], { load, capMs: 2500 })).resolves.toBe('loaded');
    expect(load.mock.calls.map(([url]) => url)).toEqual(['/a.svg', '/b.svg']);
  });

  it('gives up waiting at the cap when an image never arrives', async () => {
    vi.useFakeTimers();
    const outcome = vi.fn();
    void preloadImages(['/slow.svg'], { load: () => new Promise(() => {}), capMs: 2500 }).then(outcome);
    await vi.advanceTimersByTimeAsync(2499);
    expect(outcome).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(outcome).toHaveBeenCalledWith('capped');
  });
});

describe('rootHasServerMarkup', () => {
  function documentWithRoot(inner: string | null) {
    const doc = document.implementation.createHTMLDocument('test');
    if (inner !== null) doc.body.innerHTML = `<div id="root">${inner}</div>`;
    return doc;
  }

  it('is true only when #root holds rendered elements', () => {
    expect(rootHasServerMarkup(documentWithRoot('<div class="site"><main><h1>Hello</h1></main></div>'))).toBe(true);
    expect(rootHasServerMarkup(documentWithRoot(''))).toBe(false);
    expect(rootHasServerMarkup(documentWithRoot('<!--app-html-->\n  '))).toBe(false);
    expect(rootHasServerMarkup(documentWithRoot(null))).toBe(false);
  });
});
