import { useEffect, useSyncExternalStore } from 'react';

/** Where a script stands: nothing asked ('idle'), on its way, loaded, or failed to load. */
export type ScriptStatus = 'idle' | 'loading' | 'ready' | 'error';

// Per address, for the page's lifetime: a script is loaded once however many components ask for it.
const statuses = new Map<string, ScriptStatus>();
const listeners = new Set<() => void>();

function setStatus(src: string, status: ScriptStatus) {
  statuses.set(src, status);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/**
 * Loads a third-party script (the live-chat widget, PayPal's SDK) once per page, asynchronously, and reports
 * whether it has loaded. An empty src loads nothing. The script stays when the calling component unmounts: a
 * loaded script cannot be taken back. One that failed is removed, so the next component to ask tries again.
 */
export function useExternalScript(src: string): ScriptStatus {
  useEffect(() => {
    if (!src) return;
    const present = Array.from(document.scripts).some((script) => script.getAttribute('src') === src);
    if (present) return;
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.addEventListener('load', () => setStatus(src, 'ready'));
    script.addEventListener('error', () => {
      script.remove();
      setStatus(src, 'error');
    });
    document.body.appendChild(script);
    setStatus(src, 'loading');
  }, [src]);

  return useSyncExternalStore(
    subscribe,
    () => (src ? (statuses.get(src) ?? 'loading') : 'idle'),
    () => 'idle',
  );
}
