import { expect, type Page, test } from '@playwright/test';
import { apiAs } from './pages/AccountsPage.ts';
import { AppShell } from './pages/AppShell.ts';
import { seedData } from './support/first-month.ts';
import { requestsDone, trackRequests } from './support/settle.ts';
import { signUp } from './support/users.ts';

/**
 * Issue 13 #12: no page scrolls sideways on a phone. Each page at 320 and 360 px is as wide as the
 * window (document scrollWidth), in English and Português (longer words), cuts no label and lets no two
 * amounts touch.
 */
const PUBLIC = ['/', '/auth/login', '/auth/register', '/auth/forgot-password', '/auth/verify-email'];
const SIGNED_IN = [
  '/welcome',
  '/me',
  '/entries/list',
  '/account/list',
  '/account/filterForm',
  '/configs/categories',
  '/configs/tags',
  '/configs/preferences',
  '/configs/my-plan',
  '/configs/my-plan/upgrade',
  '/profile',
  '/logs',
  '/help',
  '/dashboard',
  '/budget',
  '/reports/analysis',
  '/reports/by-category',
];

async function overflowAt(page: Page, path: string): Promise<number> {
  await page.goto(path);
  await expect(page.getByRole('heading').first()).toBeVisible();
  await requestsDone(page);
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

/**
 * Texts cut by their box (the page fits, the text does not): button labels, badges, and any text set to end
 * in an ellipsis, e.g. "1/…" for an installment badge, "ESTOR…", "Alimentação › S…" (issue 23 #2). Names the
 * user typed may be cut on purpose; the realistic data here has none that long.
 */
function clippedLabels(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLElement>('body *'))
      .filter((el) => {
        if (el.offsetParent === null || (el.children.length > 0 && !el.matches('.mantine-Button-label')))
          return false;
        const style = getComputedStyle(el);
        const cutting =
          el.matches('.mantine-Button-label, .mantine-Badge-label') || style.textOverflow === 'ellipsis';
        return cutting && el.scrollWidth > el.clientWidth + 1;
      })
      .map((el) => el.textContent ?? ''),
  );
}

/**
 * Amounts that touch: two figures on one line with less than 8 px between them (or overlapping), e.g. the
 * dashboard month's "Despesas" and "Resultado" at 360 px, which read as one number (issue 23).
 */
function touchingAmounts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const boxes = Array.from(document.querySelectorAll<HTMLElement>('[data-tone]'))
      .filter((el) => el.offsetParent !== null)
      .map((el) => ({ text: el.textContent ?? '', rect: el.getBoundingClientRect() }));
    const touching: string[] = [];
    for (const [i, a] of boxes.entries()) {
      for (const b of boxes.slice(i + 1)) {
        const sameLine = a.rect.top < b.rect.bottom - 2 && b.rect.top < a.rect.bottom - 2;
        const gap = Math.max(b.rect.left - a.rect.right, a.rect.left - b.rect.right);
        if (sameLine && gap < 8) touching.push(`"${a.text}" and "${b.text}" ${Math.round(gap)}px apart`);
      }
    }
    return touching;
  });
}

test('no page is wider than a 320 or 360 px phone, in either language', async ({ page }) => {
  test.setTimeout(240_000);
  trackRequests(page);
  const wide: string[] = [];
  const check = async (prefix: string, paths: string[]) => {
    for (const width of [320, 360]) {
      await page.setViewportSize({ width, height: 740 });
      for (const path of paths) {
        const extra = await overflowAt(page, path);
        if (extra > 0) wide.push(`${prefix} ${path} at ${width}px: ${extra}px too wide`);
        for (const label of await clippedLabels(page))
          wide.push(`${prefix} ${path} at ${width}px: "${label}" cut`);
        for (const pair of await touchingAmounts(page)) wide.push(`${prefix} ${path} at ${width}px: ${pair}`);
      }
    }
  };
  await check('en', PUBLIC);
  await signUp(page, 'overflow');
  const account = await apiAs<{ id: number }>(page, 'POST', '/account', {
    name: 'Conta corrente principal do banco',
    initial_balance: 123456789,
  });
  const card = await apiAs<{ id: number }>(page, 'POST', '/card', {
    name: 'Cartão de crédito internacional platinum',
    limit: 123456789,
    close_day: 10,
    expiration_day: 17,
    account_id: account.id,
  });
  SIGNED_IN.push(`/card/${card.id}`);
  // Issue 23 #2: realistic data on every page (a card with installments and a refund, a monthly charge,
  // budgets, a debt table on /reports/analysis).
  const seeded = await seedData(page);
  // Large, realistic figures for this month's income, expenses and result (R$ 12.345,67 and more).
  for (const [operation_id, value] of [
    [1, 1234567],
    [2, 2345678],
  ] as const) {
    await apiAs(page, 'POST', '/entry', {
      description: operation_id === 1 ? 'Salário' : 'Reforma da cozinha',
      value,
      date: new Date().toISOString().slice(0, 10),
      operation_id,
      account_id: seeded.accountId,
      paid: true,
    });
  }
  SIGNED_IN.push(
    `/card/${seeded.cardId}?month=${seeded.invoiceMonth}`,
    `/entries/list?card_id=${seeded.cardId}`,
  );
  await check('en', SIGNED_IN);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/entries/list');
  await new AppShell(page).switchLanguage('br');
  await expect(page.getByRole('heading', { level: 1, name: 'Lançamentos' })).toBeVisible();
  await check('br', [...SIGNED_IN, ...PUBLIC]);
  expect(wide).toEqual([]);
});
