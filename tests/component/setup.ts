/**
 * Setup for component tests (jsdom): unmount after each test and stub the browser APIs jsdom lacks
 * but MUI / react-admin / Leaflet touch. Stubs are installed only where jsdom has nothing.
 *
 * It runs before each test file. The files of a worker share one jsdom window (the project runs
 * without isolation, see vitest.config.ts), so each file first gets the window as a fresh one
 * would be: an empty body and storage, the start URL, real timers, no stubbed globals.
 */
import { afterEach, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { withEmotionCache, type EmotionCache } from '@emotion/react';

/**
 * Emotion's default cache, read through its context. @emotion/react is loaded once per worker, so
 * its cache, and the <style> tags it put in the shared <head>, outlive the file that made them.
 */
function emotionCache(): EmotionCache {
  let found: EmotionCache | undefined;
  renderToString(
    createElement(
      withEmotionCache((_props: object, cache: EmotionCache) => {
        found = cache;
        return null;
      }),
    ),
  );
  return found!;
}

/**
 * Each file starts with no style in the <head>, as in a fresh window: jsdom's getComputedStyle (run
 * for every accessible name a role query computes) reads every style tag, so styles kept from
 * earlier files made each file slower than the one before. Emotion forgets what it inserted, so
 * the file's components insert their styles again.
 */
function forgetStyles() {
  const cache = emotionCache();
  cache.sheet.flush();
  for (const name of Object.keys(cache.inserted)) delete cache.inserted[name];
}

// findBy… and waitFor give up after 5 s, not 1 s: `npm test` runs these tests beside the browser
// tests, and a busy machine can take more than a second to validate and render a form.
configure({ asyncUtilTimeout: 5_000 });

vi.useRealTimers();
vi.unstubAllGlobals();
vi.unstubAllEnvs();
if (typeof window !== 'undefined') {
  localStorage.clear();
  sessionStorage.clear();
  window.history.replaceState(null, '', '/');
  document.body.replaceChildren();
  forgetStyles();
}

afterEach(() => {
  cleanup();
});

if (typeof window !== 'undefined') {
  if (!window.matchMedia) {
    Object.defineProperty(window, 'matchMedia', {
      configurable: true,
      writable: true,
      value: (query: string): MediaQueryList => ({
        matches: false,
        media: query,
        onchange: null,
        addListener: () => {},
        removeListener: () => {},
        addEventListener: () => {},
        removeEventListener: () => {},
        dispatchEvent: () => false,
      }),
    });
  }

  class NoopObserver {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
    takeRecords(): [] {
      return [];
    }
  }
  const g = globalThis as Record<string, unknown>;
  if (!g.ResizeObserver) g.ResizeObserver = NoopObserver;
  if (!g.IntersectionObserver) g.IntersectionObserver = NoopObserver;

  // jsdom logs "Not implemented: window.scrollTo" on every call.
  window.scrollTo = () => {};
  if (!Element.prototype.scrollIntoView) Element.prototype.scrollIntoView = () => {};
  if (!URL.createObjectURL) URL.createObjectURL = () => 'blob:stub';
  if (!URL.revokeObjectURL) URL.revokeObjectURL = () => {};
}
