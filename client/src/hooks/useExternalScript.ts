import { useEffect } from 'react';

/**
 * Loads a third-party script (the live-chat widget) once per page, asynchronously. An empty src loads nothing.
 * The script stays when the calling component unmounts: a loaded script cannot be taken back.
 */
export function useExternalScript(src: string) {
  useEffect(() => {
    if (!src) return;
    const present = Array.from(document.scripts).some((script) => script.getAttribute('src') === src);
    if (present) return;
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    document.body.appendChild(script);
  }, [src]);
}
