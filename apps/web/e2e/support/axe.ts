import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { animationsDone, requestsDone } from './settle.ts';

/**
 * Fails on any WCAG 2.1 A or AA violation axe finds on the page as it is now, once animations are done (a
 * dialog fading in would be audited at half opacity). Each violation names its elements and their HTML.
 */
export async function audit(page: Page, label: string): Promise<void> {
  await animationsDone(page);
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const summary = results.violations.map(
    (v) => `${v.id}: ${v.nodes.map((n) => `${n.target.join(' ')} ${n.html.slice(0, 160)}`).join(', ')}`,
  );
  expect(summary, `axe violations on ${label}`).toEqual([]);
}

/**
 * `audit` in the light and the dark scheme, once the page's requests are answered (`trackRequests`: `signUp`
 * starts it); `include`: only that part (a dialog: the
 * page under its overlay is audited on its own).
 */
export async function auditSchemes(page: Page, label: string, include?: string): Promise<void> {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await requestsDone(page);
    await animationsDone(page);
    const builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
    const results = await (include ? builder.include(include) : builder).analyze();
    const summary = results.violations.map(
      (v) => `${v.id}: ${v.nodes.map((n) => `${n.target.join(' ')} ${n.html.slice(0, 160)}`).join(', ')}`,
    );
    expect(summary, `axe violations on ${label}, ${scheme}`).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

/** Where a test runs in both languages at both widths, the width each language is audited at (`auditOnce`). */
const AUDIT_WIDTH = { en: 1280, br: 360 } as const;

/**
 * `auditSchemes` at one width per language: the English run audits at 1280 px, the Portuguese one at 360 px, so
 * each width and scheme is still audited once. An audit costs about as much CPU as two page loads (~1.5 s on
 * the CI machine), and the language changes the words on the page, not what axe checks (names, roles,
 * contrast, the page's `lang`, which the Portuguese run checks).
 */
export async function auditOnce(
  page: Page,
  locale: 'en' | 'br',
  width: number,
  label: string,
  include?: string,
): Promise<void> {
  if (width === AUDIT_WIDTH[locale]) await auditSchemes(page, label, include);
}
