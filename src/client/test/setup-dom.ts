// Component tests (files with `// @vitest-environment jsdom`): what jsdom lacks and Chakra/Ark need, and cleanup.
import { afterEach } from 'vitest';

if (typeof window !== 'undefined') {
  const { cleanup, configure } = await import('@testing-library/react');
  const { clearToasts } = await import('../components/toaster');
  // findBy…/waitFor wait for a condition; testing-library's default of 1 s is shorter than a first lazy load takes
  // on a busy 2-core machine (npm test runs the browser suite beside these), where such a wait failed with the screen
  // about to be right. A bound on a failure, never a wait: a passing test goes on the moment its condition holds.
  configure({ asyncUtilTimeout: 15_000 });
  // Unmounted first, then the toast store emptied: a toast a test left behind would otherwise live on in the worker
  // (files share it) and its timers would update the next file's toaster outside act().
  afterEach(async () => {
    cleanup();
    await clearToasts();
  });
  window.matchMedia ??= ((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  })) as unknown as typeof window.matchMedia;
  class RO {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  globalThis.ResizeObserver ??= RO as unknown as typeof ResizeObserver;
  globalThis.IntersectionObserver ??= RO as unknown as typeof IntersectionObserver;
  window.scrollTo = () => {};
  Element.prototype.scrollIntoView ??= () => {};
  (globalThis as unknown as { IS_REACT_ACT_ENVIRONMENT: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
}
