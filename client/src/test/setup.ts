import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import type * as TestingLibrary from '@testing-library/react';

// A screen's first render in a file loads its lazy route (Vite transforms it then) and answers its mocked queries:
// on a busy machine (the suite's workers beside the server suite's, on two cores: tests/run.mjs runs them at once)
// that took over 3 s. What is awaited is unchanged: a wait ends as soon as what it waits for is there.
configure({ asyncUtilTimeout: 10_000 });

// jsdom has no layout, so it does not implement scrolling; React Router's ScrollRestoration calls it.
window.scrollTo = vi.fn();

// Nor does it measure elements; the device-logo strip (react-fast-marquee) observes its size with this.
if (typeof window.ResizeObserver === 'undefined') {
  window.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(async () => {
  cleanup();
  (await import('./locale')).resetTestLocale();
});

// Every app renders inside its page's language (LocaleProvider, react-intl's provider under it): so does every
// test's render, in English unless a test renders in another language with `setTestLocale` (test/locale.tsx).
vi.mock('@testing-library/react', async (importOriginal) => {
  const library = await importOriginal<typeof TestingLibrary>();
  const { withLocale } = await import('./locale');
  return {
    ...library,
    render: ((ui: Parameters<typeof library.render>[0], options?: Parameters<typeof library.render>[1]) =>
      library.render(ui, { ...options, wrapper: withLocale(options?.wrapper) })) as typeof library.render,
    renderHook: ((hook, options) =>
      library.renderHook(hook, { ...options, wrapper: withLocale(options?.wrapper) })) as typeof library.renderHook,
  };
});
