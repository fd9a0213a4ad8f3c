import { configure } from '@testing-library/react';

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

// The CI machine runs the API suites beside these tests on two cores: a first render can take seconds there.
// Waiting longer for what a test awaits changes no verdict (the awaited text either comes or not).
configure({ asyncUtilTimeout: 5_000 });
