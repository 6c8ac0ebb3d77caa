import { useEffect, useLayoutEffect, useRef } from 'react';
import { isBack } from '../platform';

/**
 * The remote's Back: the screen on top handles it. Each screen that can go back registers while it is shown;
 * the last registered (the one on top) gets the key.
 */
const handlers: Array<{ current: () => void }> = [];

export function useBack(onBack: () => void, active = true): void {
  const ref = useRef(onBack);
  useLayoutEffect(() => {
    ref.current = onBack;
  });
  useEffect(() => {
    if (!active) return;
    const entry = ref;
    handlers.push(entry);
    return () => {
      const at = handlers.lastIndexOf(entry);
      if (at >= 0) handlers.splice(at, 1);
    };
  }, [active]);
}

export function listenForBack(): () => void {
  const onKey = (event: KeyboardEvent) => {
    if (!isBack(event)) return;
    const top = handlers[handlers.length - 1];
    if (!top) return;
    // The browser's own Back (Backspace in old engines) and Tizen's default exit stay out of it.
    event.preventDefault();
    top.current();
  };
  window.addEventListener('keydown', onKey);
  return () => window.removeEventListener('keydown', onKey);
}
