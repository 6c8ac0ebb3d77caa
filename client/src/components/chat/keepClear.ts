import { type RefObject, useEffect } from 'react';

/*
 * What the floating chat launchers must never cover: a notice whose end (and its close button) the visitor has to
 * read, such as the landing page's disclaimer; a form's own button (sign in, send, save, pay); and a choice to
 * make, such as the payment methods. While a launcher would sit over one of these, it steps aside (fades out)
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

/** Room kept between a launcher and what it keeps clear of, in pixels (its shadow reaches about this far). */
export const CLEARANCE = 8;

/** True when two boxes, one grown by `margin` on every side, overlap. */
export function boxesOverlap(a: DOMRect, b: DOMRect, margin = CLEARANCE): boolean {
  if (b.width === 0 && b.height === 0) return false;
  return (
    a.left - margin < b.right && a.right + margin > b.left && a.top - margin < b.bottom && a.bottom + margin > b.top
  );
}
