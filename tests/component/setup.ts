/**
 * Setup for component tests (jsdom): unmount after each test and stub the browser APIs jsdom lacks
 * but MUI / react-admin / Leaflet touch. Stubs are installed only where jsdom has nothing.
 *
 * It runs before each test file. The files of a worker share one jsdom window (the project runs
 * without isolation, see vitest.config.ts), so each file first gets the window as a fresh one
 * would be: an empty body and storage, the start URL, real timers, no stubbed globals.
 */
import { afterEach, vi } from 'vitest';
import { cleanup } from '@testing-library/react';

vi.useRealTimers();
vi.unstubAllGlobals();
vi.unstubAllEnvs();
if (typeof window !== 'undefined') {
  localStorage.clear();
  sessionStorage.clear();
  window.history.replaceState(null, '', '/');
  document.body.replaceChildren();
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
