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

// The files of a run share one jsdom (vitest.config.ts, `isolate: false`): each starts from empty storage and
// no cookies, whatever the file before it saved.
localStorage.clear();
sessionStorage.clear();
for (const cookie of document.cookie.split(';')) {
  const name = cookie.split('=')[0]?.trim();
  // biome-ignore lint/suspicious/noDocumentCookie: jsdom has no Cookie Store API
  if (name) document.cookie = `${name}=; Max-Age=0; Path=/`;
}
