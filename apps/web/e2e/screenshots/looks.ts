import type { Browser, BrowserContext, Page } from '@playwright/test';
import { trackRequests } from '../support/settle.ts';

type Storage = Awaited<ReturnType<BrowserContext['storageState']>>;

/**
 * The four looks of a screenshot spec, light and dark at 1280 and 360 px: each a new context signed in as the
 * spec's user (its storage), in the spec's language. `name` gives each screenshot its file in `dir`.
 */
export async function forEachLook(
  browser: Browser,
  storage: Storage,
  locale: 'en' | 'br',
  dir: string,
  visit: (shot: Page, name: (what: string) => string, width: number) => Promise<void>,
): Promise<void> {
  for (const scheme of ['light', 'dark'] as const) {
    for (const width of [1280, 360]) {
      const context = await browser.newContext({
        storageState: storage,
        colorScheme: scheme,
        viewport: { width, height: width === 360 ? 780 : 900 },
        locale: locale === 'br' ? 'pt-BR' : 'en-US',
        reducedMotion: 'reduce',
      });
      const shot = await context.newPage();
      trackRequests(shot);
      // Session storage wins over the cookie the registration left (lib/locale.ts).
      await shot.addInitScript((l) => sessionStorage.setItem('language', l), locale);
      await visit(shot, (what) => `${dir}/${what}-${locale}-${scheme}-${width}.png`, width);
      await context.close();
    }
  }
}
