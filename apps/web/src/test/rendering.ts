import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll, vi } from 'vitest';
import { changeLocale, i18n, initI18n } from '../lib/i18n.ts';

/**
 * The hooks of a component or page test: English, with the catalogues of `namespaces` (the router loads a
 * page's texts with its code, app/lazy-page.ts; a test renders the page directly), before the first test; after
 * each, the DOM cleared, stubbed globals (fetch) restored and the language English again.
 */
export function renderingInEnglish(namespaces: string[]): void {
  beforeAll(async () => {
    await initI18n('en');
    await i18n.loadNamespaces(namespaces);
  });
  afterEach(async () => {
    cleanup();
    vi.unstubAllGlobals();
    await changeLocale('en');
  });
}
