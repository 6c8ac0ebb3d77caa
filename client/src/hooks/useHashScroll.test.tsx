import { act, render, waitFor } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HASH_SCROLL_TIMEOUT_MS, useHashScroll } from './useHashScroll';

function Probe() {
  useHashScroll();
  return null;
}

function renderAt(path: string) {
  const router = createMemoryRouter([{ path: '*', Component: Probe }], { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

function addTarget(id: string) {
  const element = document.createElement('section');
  element.id = id;
  document.body.append(element);
  return element;
}

// jsdom does not scroll; record who asked to be scrolled into view.
const scrolled = vi.fn();

beforeEach(() => {
  scrolled.mockClear();
  Element.prototype.scrollIntoView = function (this: Element) {
    scrolled(this);
  };
});

afterEach(() => {
  vi.useRealTimers();
  document.querySelectorAll('section').forEach((element) => element.remove());
});

describe('useHashScroll', () => {
  it('scrolls to the target of the hash once it appears', async () => {
    renderAt('/#faqs');
    expect(HASH_SCROLL_TIMEOUT_MS).toBe(10_000);
    expect(scrolled).not.toHaveBeenCalled();

    const target = addTarget('faqs');
    await waitFor(() => expect(scrolled).toHaveBeenCalledWith(target));
    expect(scrolled).toHaveBeenCalledTimes(1);
  });

  it('also waits after a link to another hash is followed', async () => {
    const router = renderAt('/');
    await act(() => router.navigate('/contact#form'));
    const target = addTarget('form');
    await waitFor(() => expect(scrolled).toHaveBeenCalledWith(target));
  });

  it('still scrolls to a target that appears just before the time-out', async () => {
    vi.useFakeTimers();
    renderAt('/#features');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(HASH_SCROLL_TIMEOUT_MS - 1);
    });
    const target = addTarget('features');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(scrolled).toHaveBeenCalledWith(target);
  });

  it('gives up after 10000 ms', async () => {
    vi.useFakeTimers();
    renderAt('/#features');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(10_000);
    });
    addTarget('features');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(100);
    });
    expect(scrolled).not.toHaveBeenCalled();
  });

  it('leaves a back or forward move to the scroll position the visitor had', async () => {
    const router = renderAt('/');
    await act(() => router.navigate('/#later'));
    await act(() => router.navigate('/contact'));
    await act(() => router.navigate(-1));
    addTarget('later');
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    expect(scrolled).not.toHaveBeenCalled();
  });
});
