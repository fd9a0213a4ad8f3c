import { configure } from '@testing-library/react';

// findBy* and waitFor give up after 1 s by default; a page's first render in a test file also transforms its
// lazily loaded chunks, which takes longer than that on a loaded 2-core CI machine (a flake, not a failure).
configure({ asyncUtilTimeout: 5000 });

// jsdom lacks matchMedia and ResizeObserver, which Mantine reads for color scheme and layout.
if (!window.matchMedia) {
  window.matchMedia = (query: string): MediaQueryList =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) satisfies MediaQueryList;
}

if (!('ResizeObserver' in window)) {
  class ResizeObserverStub {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  Object.defineProperty(window, 'ResizeObserver', { value: ResizeObserverStub });
}
