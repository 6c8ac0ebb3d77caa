import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PreloadGate } from './PreloadGate';
import { setTestLocale } from '../test/locale';

afterEach(() => {
  vi.useRealTimers();
});

const URLS = ['/images/a.svg', '/images/b.svg'];

/** An image loader the test finishes by hand. */
function manualLoader() {
  const pending = new Map<string, () => void>();
  const load = vi.fn((url: string) => new Promise<void>((resolve) => pending.set(url, resolve)));
  return { load, finish: (url: string) => pending.get(url)?.() };
}

function renderGate(props: Partial<Parameters<typeof PreloadGate>[0]>) {
  return render(
    <PreloadGate urls={URLS} serverRendered={false} {...props}>
      <h1>The page</h1>
    </PreloadGate>,
  );
}

const spinner = () => screen.queryByText('Loading the site…');

describe('PreloadGate', () => {
  it('covers the page with the spinner until every image has loaded', async () => {
    const { load, finish } = manualLoader();
    renderGate({ load });
    expect(load.mock.calls.map(([url]) => url)).toEqual(URLS);
    expect(screen.getByRole('status')).toHaveTextContent('Loading the site…');
    // The page is there underneath, but out of reach until the cover goes.
    const page = screen.getByRole('heading', { name: 'The page' }).parentElement!;
    expect(page).toHaveAttribute('inert');
    expect(page).toHaveAttribute('aria-busy', 'true');

    await act(async () => finish('/images/a.svg'));
    expect(spinner()).toBeInTheDocument();

    await act(async () => finish('/images/b.svg'));
    expect(spinner()).not.toBeInTheDocument();
    expect(page).not.toHaveAttribute('inert');
    expect(page).toHaveAttribute('aria-busy', 'false');
  });

  it('stops waiting at the cap when an image is slow or missing', async () => {
    vi.useFakeTimers();
    renderGate({ load: () => new Promise(() => {}), capMs: 2500 });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2499);
    });
    expect(spinner()).toBeInTheDocument();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    expect(spinner()).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'The page' })).toBeVisible();
  });

  it('shows a server-rendered page at once, without loading anything', () => {
    const load = vi.fn(() => Promise.resolve());
    renderGate({ load, serverRendered: true });
    expect(spinner()).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'The page' }).parentElement).not.toHaveAttribute('inert');
    expect(load).not.toHaveBeenCalled();
  });

  it('says in Arabic that the site is loading', async () => {
    await setTestLocale('ar');
    renderGate({ load: manualLoader().load });
    expect(screen.getByRole('status')).toHaveTextContent('جارٍ تحميل الموقع…');
    expect(spinner()).not.toBeInTheDocument();
  });
});
