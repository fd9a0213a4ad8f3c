import { expect, test } from '@playwright/test';
import { AccountsPage, apiAs } from './pages/AccountsPage.ts';
import { RegisterPage } from './pages/AuthPages.ts';
import { EntriesPage } from './pages/EntriesPage.ts';
import { newUser } from './support/users.ts';

/**
 * Issue 18 #1 (DESIGN.md §4 "A user's today"): in São Paulo at 22:30 on the last day of a month it is already
 * the 1st in UTC. The web takes today from the local clock, so the app stays in the month and a new entry is
 * dated today; registration stores the browser's zone for the server's today.
 */
test.use({ timezoneId: 'America/Sao_Paulo', locale: 'en-US' });

/** 22:30 on the last day of this month in São Paulo (UTC−3 all year since 2019): the instant, date and month. */
function lastEvening() {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/Sao_Paulo',
    year: 'numeric',
    month: '2-digit',
  }).formatToParts(new Date());
  const year = Number(parts.find((p) => p.type === 'year')?.value);
  const month = Number(parts.find((p) => p.type === 'month')?.value);
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const mm = String(month).padStart(2, '0');
  return {
    instant: new Date(Date.UTC(year, month - 1, last, 22 + 3, 30)),
    date: `${year}-${mm}-${last}`,
    month: `${year}-${mm}`,
    label: new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
      new Date(Date.UTC(year, month - 1, 1)),
    ),
    typed: `${mm}/${last}/${year}`,
  };
}

test('22:30 on the last day of a month in São Paulo: the app stays in the month, a new entry is dated today', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const evening = lastEvening();
  // Date only: timers keep running, so the app behaves as usual at that wall-clock time.
  await page.clock.setFixedTime(evening.instant);
  expect(evening.instant.toISOString().slice(0, 10)).not.toBe(evening.date);

  const register = new RegisterPage(page);
  await register.goto();
  await register.register(newUser('timezone'));
  await expect(page).toHaveURL(/\/welcome$/);
  const preferences = await apiAs<{ time_zone: string }>(page, 'GET', '/user/preferences');
  expect(preferences.time_zone).toBe('America/Sao_Paulo');

  await new AccountsPage(page).goto();
  await new AccountsPage(page).createAccount('Checking', 0);

  const entries = new EntriesPage(page);
  await entries.goto();
  await expect(page.getByTestId('month-label').first()).toHaveText(evening.label);
  await entries.openNew();
  await expect(entries.formDialog().getByLabel(/^(date|data)/i)).toHaveValue(evening.typed);
  await entries.fillForm({
    operation: 'expense',
    description: 'Late dinner',
    value: '45',
    account: 'Checking',
    category: 'Food',
  });
  await entries.save();
  await expect(entries.formDialog()).toBeHidden();
  await expect(entries.row('Late dinner')).toHaveCount(1);

  const saved = await apiAs<{ data: Array<{ description: string; date: string }> }>(
    page,
    'GET',
    `/entry?month=${evening.month}`,
  );
  expect(saved.data.map((e) => [e.description, e.date])).toEqual([['Late dinner', evening.date]]);
});
