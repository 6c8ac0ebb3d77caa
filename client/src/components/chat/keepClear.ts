import { type RefObject, useEffect, useState } from 'react';

/*
 * What the floating chat launchers must never cover: a notice whose end (and its close button) the visitor has to
 * read, such as the landing page's disclaimer; a form's own button (sign in, send, save, pay); a choice to
 * make, such as the payment methods; and the field being typed in. While a launcher would sit over one of these, it steps aside (fades out)
 * until the page has scrolled on, as the chat launchers of the big help-desk widgets do for cookie banners.
 * The page's end needs no entry here: the footer keeps room below its last line (layout.css).
 */

const elements = new Set<Element>();
const listeners = new Set<() => void>();

function changed() {
  for (const listener of listeners) listener();
}

/** Asks the launchers to keep clear of `element` until the returned function is called. */
export function keepClearOfChat(element: Element): () => void {
  elements.add(element);
  changed();
  return () => {
    if (elements.delete(element)) changed();
  };
}

/** The elements the launchers keep clear of now. */
export function keptClearOfChat(): readonly Element[] {
  return Array.from(elements);
}

/** Calls `listener` whenever an element is added or removed. */
export function onKeepClearChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Keeps the launchers clear of the element in `ref` while it is on the page (and `active`). */
export function useKeepClearOfChat(ref: RefObject<Element | null>, active = true): void {
  useEffect(() => {
    const element = ref.current;
    if (!active || !element) return;
    return keepClearOfChat(element);
  }, [ref, active]);
}

/** Fields one types in or chooses with: while one has the focus, the launchers keep clear of it. */
const FIELD = 'input, textarea, select';

/**
 * Keeps the launchers clear of the field that has the focus. A field reached by Tab is scrolled clear of them by
 * the browser (chat-widget.css, scroll-padding-bottom); one tapped where it showed above them would still be
 * partly under them while typing: they step aside until it loses the focus or the page scrolls it clear.
 */
export function useKeepFocusedFieldClear(): void {
  useEffect(() => {
    let release: (() => void) | undefined;
    const onFocusIn = (event: FocusEvent) => {
      release?.();
      release = undefined;
      const target = event.target;
      // The chat's own input is in the launcher's box: never a reason to hide it.
      if (target instanceof Element && target.matches(FIELD) && !target.closest('.chat-widget')) {
        release = keepClearOfChat(target);
      }
    };
    const onFocusOut = () => {
      release?.();
      release = undefined;
    };
    document.addEventListener('focusin', onFocusIn);
    document.addEventListener('focusout', onFocusOut);
    return () => {
      document.removeEventListener('focusin', onFocusIn);
      document.removeEventListener('focusout', onFocusOut);
      release?.();
    };
  }, []);
}

/** Room kept between a launcher and what it keeps clear of, in pixels (its shadow reaches about this far). */
export const CLEARANCE = 8;

/** True when two boxes, one grown by `margin` on every side, overlap. */
export function boxesOverlap(a: DOMRect, b: DOMRect, margin = CLEARANCE): boolean {
  if (b.width === 0 && b.height === 0) return false;
  return (
    a.left - margin < b.right && a.right + margin > b.left && a.top - margin < b.bottom && a.bottom + margin > b.top
  );
}

/**
 * Whether the chat launcher (in `rootRef`, which keeps its place) would cover a notice the visitor has to read (a
 * notice marked with useKeepClearOfChat: the landing page's disclaimer on a phone): it steps aside while it would,
 * and comes back once the page has scrolled on or the notice is closed. The page is watched only while there is
 * such a notice.
 */
export function useStepsAside(rootRef: RefObject<HTMLElement | null>): boolean {
  const [aside, setAside] = useState(false);
  useEffect(() => {
    let frame = 0;
    let resizes: ResizeObserver | undefined;
    const check = () => {
      frame = 0;
      const root = rootRef.current;
      // The root keeps the launcher's place: the launcher's own box moves as it steps aside.
      const place = root?.getBoundingClientRect();
      setAside(!!place && keptClearOfChat().some((notice) => boxesOverlap(place, notice.getBoundingClientRect())));
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(check);
    };
    const events = ['scroll', 'resize', 'animationend', 'transitionend'] as const;
    const unwatch = () => {
      for (const name of events) window.removeEventListener(name, schedule, true);
      resizes?.disconnect();
      resizes = undefined;
      cancelAnimationFrame(frame);
      frame = 0;
    };
    const watch = () => {
      const notices = keptClearOfChat();
      unwatch();
      if (!notices.length) {
        setAside(false);
        return;
      }
      // Captured: the notice's own entrance animation, and a scroll of any scrolling box, move it too.
      for (const name of events) window.addEventListener(name, schedule, { capture: true, passive: true });
      if (typeof ResizeObserver === 'function') {
        resizes = new ResizeObserver(schedule);
        for (const element of [document.documentElement, ...notices]) resizes.observe(element);
      }
      schedule();
    };
    watch();
    const stop = onKeepClearChange(watch);
    return () => {
      stop();
      unwatch();
    };
  }, [rootRef]);
  return aside;
}
