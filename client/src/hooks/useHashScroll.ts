import { useEffect, useLayoutEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';

/** How long a hash link waits for its target to appear: 10 seconds. */
export const HASH_SCROLL_TIMEOUT_MS = 10_000;

function scrollToElement(element: Element) {
  const reduceMotion =
    typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  // The fixed header's height is kept clear by `scroll-padding-top` on <html> (base.css).
  element.scrollIntoView({ behavior: reduceMotion ? 'auto' : 'smooth', block: 'start' });
}

/**
 * Scrolls to the element a hash link names (such as /#features or /#faqs) when it is not on the page yet: a page that loads
 * its code or data first renders its sections later. A MutationObserver waits for the target, for at most
 * {@link HASH_SCROLL_TIMEOUT_MS}. A target already present is left to React Router's ScrollRestoration, and so
 * is a back or forward move (POP), which restores the position the visitor left, except on the first load.
 */
export function useHashScroll() {
  const { hash, key } = useLocation();
  const navigationType = useNavigationType();
  const firstLoad = key === 'default';

  // Lay the whole page out before anything scrolls to a section (the landing page skips its far sections until
  // they come near: landing.css), so the section is where it will stay. Before the router's own hash scroll,
  // which runs in a layout effect of a component after this one.
  useLayoutEffect(() => {
    if (hash.length > 1) document.documentElement.classList.add('whole-page');
  }, [hash]);

  useEffect(() => {
    if (hash.length < 2) return;
    if (navigationType === 'POP' && !firstLoad) return;
    let id: string;
    try {
      id = decodeURIComponent(hash.slice(1));
    } catch {
      return;
    }
    if (document.getElementById(id)) return;

    const observer = new MutationObserver(() => {
      const target = document.getElementById(id);
      if (!target) return;
      stop();
      scrollToElement(target);
    });
    const timer = window.setTimeout(stop, HASH_SCROLL_TIMEOUT_MS);
    function stop() {
      observer.disconnect();
      window.clearTimeout(timer);
    }
    observer.observe(document.body, { childList: true, subtree: true });
    return stop;
  }, [hash, key, navigationType, firstLoad]);
}
