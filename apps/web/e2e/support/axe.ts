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
