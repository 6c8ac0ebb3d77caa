import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useExternalScript } from './useExternalScript';

const SRC = 'https://chat.example.com/widget.js';

function scriptsWithSrc(src: string) {
  return Array.from(document.scripts).filter((script) => script.getAttribute('src') === src);
}

afterEach(() => {
  for (const script of scriptsWithSrc(SRC)) script.remove();
});

describe('useExternalScript', () => {
  it('appends one async script, however often it is used', () => {
    const first = renderHook(() => useExternalScript(SRC));
    first.rerender();
    renderHook(() => useExternalScript(SRC));
    const scripts = scriptsWithSrc(SRC);
    expect(scripts).toHaveLength(1);
    expect(scripts[0]?.async).toBe(true);
    // A loaded script cannot be taken back, so it stays after unmounting.
    first.unmount();
    expect(scriptsWithSrc(SRC)).toHaveLength(1);
  });

  it('loads nothing for an empty address', () => {
    const before = document.scripts.length;
    renderHook(() => useExternalScript(''));
    expect(document.scripts.length).toBe(before);
  });
});
