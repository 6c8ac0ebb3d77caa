import { useEffect, useRef } from 'react';

/** Where the picture starts, scaled down, when its top edge enters the viewport. */
export const SCROLL_SCALE_FROM = 0.85;

/** The share of the viewport height the picture travels upwards before it reaches full size. */
const TRAVEL = 0.7;

export function scaleFor(top: number, viewportHeight: number, from = SCROLL_SCALE_FROM): number {
  const progress = Math.min(1, Math.max(0, (viewportHeight - top) / (viewportHeight * TRAVEL)));
  return from + (1 - from) * progress;
}

/**
 * Grows the `target` element from {@link SCROLL_SCALE_FROM} to full size while the `anchor` element around it
 * scrolls into view. The anchor is not transformed itself, so measuring it is not disturbed by the scale. Work
 * happens only while the anchor is visible (IntersectionObserver), at most once per frame (requestAnimationFrame),
 * from a passive scroll listener. With reduced motion asked for, nothing moves: the picture stays at full size.
 */
export function useScrollScale<Anchor extends HTMLElement, Target extends HTMLElement>(reducedMotion: boolean) {
  const anchor = useRef<Anchor>(null);
  const target = useRef<Target>(null);

  useEffect(() => {
    const anchorElement = anchor.current;
    const targetElement = target.current;
    if (!anchorElement || !targetElement || reducedMotion || typeof IntersectionObserver === 'undefined') return;

    let frame = 0;
    let visible = false;
    const update = () => {
      frame = 0;
      const scale = scaleFor(anchorElement.getBoundingClientRect().top, window.innerHeight);
      targetElement.style.transform = `scale(${scale.toFixed(4)})`;
    };
    const schedule = () => {
      if (visible && !frame) frame = requestAnimationFrame(update);
    };
    const observer = new IntersectionObserver((entries) => {
      visible = entries.some((entry) => entry.isIntersecting);
      if (visible) schedule();
    });
    observer.observe(anchorElement);
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule, { passive: true });
    update();

    return () => {
      observer.disconnect();
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
      if (frame) cancelAnimationFrame(frame);
      targetElement.style.transform = '';
    };
  }, [reducedMotion]);

  return { anchor, target };
}
