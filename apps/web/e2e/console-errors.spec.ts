import { expect, type Page, test } from '@playwright/test';
import { paths } from '../src/app/paths.ts';
import { AccountsPage, apiAs } from './pages/AccountsPage.ts';
import { AppShell } from './pages/AppShell.ts';
import { requestsDone, trackRequests } from './support/settle.ts';
import { signUp } from './support/users.ts';

/**
 * The main pages load (cold, as a first visit) and switch language without any console error or uncaught
 * exception. React reports errors it recovered from (e.g. #520 wrapping #467, a hook order bug that shows
 * only under some timings) through `reportError`, which no other check sees. CONSOLE_LOOPS=<n> repeats
 * every visit n times and CONSOLE_CPU_SLOWDOWN=<k> slows the page's CPU k times, to hunt for such
 * timing-dependent errors.
 */
const loops = Number(process.env.CONSOLE_LOOPS ?? 1);
const slowdown = Number(process.env.CONSOLE_CPU_SLOWDOWN ?? 1);

async function watch(page: Page): Promise<string[]> {
  if (slowdown > 1)
    await (await page.context().newCDPSession(page)).send('Emulation.setCPUThrottlingRate', {
      rate: slowdown,
    });
  const errors: string[] = [];
  trackRequests(page);
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`${page.url()} console: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`${page.url()} uncaught: ${error.message}`));
  return errors;
}

/** The page is shown and has every answer it asked for rendered (an error may come with any of them). */
async function settle(page: Page) {
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await requestsDone(page);
}

const VISITOR_PAGES = [
  paths.landing,
  paths.auth.login,
  paths.auth.register,
  paths.auth.forgotPassword,
  paths.auth.verifyEmail,
  paths.thirdPartyAuth,
  '/no/such/page',
];
/** Routes that are not signed-in pages: the visitors' (above, or needing a token) and the dev galleries. */
const NOT_MEMBER_PAGES = new Set<string>([
  ...VISITOR_PAGES,
  ...Object.values(paths.auth),
  paths.socialCallback,
  paths.components,
  paths.allForms,
]);

/**
 * Every signed-in page of the router, read from paths.ts so a page added later is checked too; a route with
 * an id parameter is built with the user's card (the only one so far), the others with no argument.
 */
function memberPages(cardId: number): string[] {
  const found: string[] = [];
  const walk = (value: unknown) => {
    if (typeof value === 'string') {
      if (!NOT_MEMBER_PAGES.has(value)) found.push(value);
    } else if (value && typeof value === 'object' && 'build' in value && 'pattern' in value) {
      const { build, pattern } = value as { build: (id?: number) => string; pattern: string };
      found.push(pattern.includes(':') ? build(cardId) : build());
    } else if (value && typeof value === 'object') {
      for (const inner of Object.values(value)) walk(inner);
    }
  };
  walk(paths);
  return found;
}

test('visitors pages load without console errors', async ({ page }) => {
  test.setTimeout((60_000 + loops * 60_000) * slowdown);
  const errors = await watch(page);
  for (let i = 0; i < loops; i++) {
    for (const path of VISITOR_PAGES) {
      await page.goto(path);
      await settle(page);
    }
  }
  expect(errors).toEqual([]);
});

/** A new user with an account, a card, expenses and an installment purchase; the signed-in pages. */
async function signedInUser(page: Page, label: string): Promise<string[]> {
  await signUp(page, label);
  const accounts = new AccountsPage(page);
  await accounts.goto();
  await accounts.createAccount('Checking', 100000);
  const account = (await apiAs<{ data: { id: number }[] }>(page, 'GET', '/account')).data[0]?.id;
  const category = (await apiAs<{ data: { id: number }[] }>(page, 'GET', '/category?type=expense')).data[0]
    ?.id;
  const card = await apiAs<{ id: number }>(page, 'POST', '/card', {
    name: 'Visa',
    limit: 500000,
    close_day: 3,
    expiration_day: 10,
    account_id: account,
  });
  const today = new Date().toISOString().slice(0, 10);
  for (const [description, value] of [
    ['Rent', 150000],
    ['Groceries', 23450],
    ['Internet', 9990],
  ] as const) {
    await apiAs(page, 'POST', '/entry', {
      description,
      value,
      date: today,
      operation_id: 2,
      account_id: account,
      category_id: category,
    });
  }
  await apiAs(page, 'POST', '/entry', {
    description: 'Headphones',
    value: 45000,
    date: today,
    operation_id: 2,
    card_id: card.id,
    category_id: category,
    installments: 3,
  });
  const pages = memberPages(card.id);
  // The list is read from paths.ts: make sure it found the pages (a broken walk would check nothing).
  expect(pages).toEqual(expect.arrayContaining([paths.dashboard, paths.budget, `/card/${card.id}`]));
  return pages;
}

// One test per language, each with its own user, so two workers run them side by side.
test('signed-in pages load without console errors', async ({ page }) => {
  test.setTimeout((90_000 + loops * 150_000) * slowdown);
  const pages = await signedInUser(page, 'console');
  const errors = await watch(page);
  for (let i = 0; i < loops; i++) {
    for (const path of pages) {
      await page.goto(path);
      await settle(page);
    }
  }
  expect(errors).toEqual([]);
});

test('signed-in pages switch language and load in Português without console errors', async ({ page }) => {
  test.setTimeout((90_000 + loops * 150_000) * slowdown);
  const pages = await signedInUser(page, 'consolebr');
  const errors = await watch(page);
  const shell = new AppShell(page);
  for (let i = 0; i < loops; i++) {
    await page.goto(paths.entriesList);
    await settle(page);
    await expect(page.getByTestId('entries-list')).toBeVisible();
    await shell.switchLanguage('br');
    await expect(page.getByRole('heading', { level: 1, name: 'Lançamentos' })).toBeVisible();
    for (const path of pages) {
      await page.goto(path);
      await settle(page);
    }
    await page.goto(paths.entriesList);
    await settle(page);
    await shell.switchLanguage('en');
    await expect(page.getByRole('heading', { level: 1, name: 'Entries' })).toBeVisible();
  }
  expect(errors).toEqual([]);
});
