import { ENTRY_PAGE_SIZE } from '@centavo/shared/constants';
import { expect, type Page, test } from '@playwright/test';
import { apiAs } from './pages/AccountsPage.ts';
import { EntriesPage, monthFromNow } from './pages/EntriesPage.ts';
import { mainThreadIdle } from './support/settle.ts';
import { signUp } from './support/users.ts';

/** More than two pages: the list must ask for page 2 and page 3 as it is scrolled. */
const COUNT = 2 * ENTRY_PAGE_SIZE + 37;

/** Creates COUNT single entries in `month` through the API (ten requests at a time), spread over 28 days. */
async function createMany(page: Page, month: string, accountId: number) {
  const bodies = Array.from({ length: COUNT }, (_, i) => ({
    description: `Bulk ${String(i + 1).padStart(4, '0')}`,
    date: `${month}-${String(Math.floor((i * 28) / COUNT) + 1).padStart(2, '0')}`,
    operation_id: 2,
    // A system expense category (as in entries.spec.ts).
    category_id: 8,
    value: 100 + i,
    account_id: accountId,
  }));
  for (let start = 0; start < bodies.length; start += 10) {
    await Promise.all(bodies.slice(start, start + 10).map((body) => apiAs(page, 'POST', '/entry', body)));
  }
}

test('entries: a month of more than two pages loads page by page while scrolling, to its last entry', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signUp(page, 'entriespaging');
  const entries = new EntriesPage(page);
  const month = monthFromNow(-1);
  await entries.goto(month);
  const account = await apiAs<{ id: number }>(page, 'POST', '/account', { name: 'Paging checking' });
  await createMany(page, month, account.id);

  // Every list request, and a pause on page 2 so its loading row can be seen.
  const pages: number[] = [];
  let releasePage2: () => void = () => {};
  const page2Held = new Promise<void>((resolve) => {
    releasePage2 = resolve;
  });
  await page.route(
    (url) => url.pathname === '/api/v1/entry',
    async (route) => {
      const url = new URL(route.request().url());
      const n = Number(url.searchParams.get('page'));
      expect(url.searchParams.get('per_page')).toBe(String(ENTRY_PAGE_SIZE));
      pages.push(n);
      if (n === 2) await page2Held;
      await route.continue();
    },
  );

  // The page records the list pages it asks for, as it asks (the route above sees them a little later).
  await page.addInitScript(() => {
    const record = window as unknown as { entryPages: number[] };
    record.entryPages = [];
    const fetch = window.fetch.bind(window);
    window.fetch = (input, init) => {
      const url = new URL(input instanceof Request ? input.url : String(input), location.href);
      if (url.pathname === '/api/v1/entry') record.entryPages.push(Number(url.searchParams.get('page')));
      return fetch(input, init);
    };
  });
  await entries.goto(month);
  await expect(entries.row('Bulk 0001')).toBeVisible();
  // The count is the month's, not the first page's.
  await expect(entries.count()).toHaveText(`${COUNT} entries`);
  expect(pages).toEqual([1]);

  await entries.scrollToLoadedEnd();
  await expect(entries.loadingMore()).toBeInViewport();
  await expect(entries.loadingMore()).toContainText('Loading more entries…');
  await expect(entries.loadingMore()).toContainText(
    `${ENTRY_PAGE_SIZE} of ${COUNT.toLocaleString('en-US')} loaded`,
  );
  if (process.env.SCREENSHOTS) {
    await page.screenshot({ path: `${process.env.SCREENSHOTS}/entries-page-boundary-loading.png` });
  }
  expect(pages).toEqual([1, 2]);
  releasePage2();
  await expect(entries.row(`Bulk ${String(ENTRY_PAGE_SIZE + 1).padStart(4, '0')}`)).toBeAttached();

  // Scroll on until the month's last entry shows; the end row goes once everything is loaded.
  const last = entries.row(`Bulk ${String(COUNT).padStart(4, '0')}`);
  await expect(async () => {
    await entries.scrollToLoadedEnd();
    await expect(last).toBeInViewport({ timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  await expect(entries.loadingMore()).toHaveCount(0);
  await expect(entries.count()).toHaveText(`${COUNT} entries`);
  // Each page once, and nothing after the last: the page's own record of what it asked for, read once it
  // has nothing left to do.
  await mainThreadIdle(page);
  expect(await page.evaluate(() => (window as unknown as { entryPages: number[] }).entryPages)).toEqual([
    1, 2, 3,
  ]);
  expect(pages).toEqual([1, 2, 3]);
});
