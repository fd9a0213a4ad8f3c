import { expect, type Page, test } from '@playwright/test';
import { apiAs, postEntry } from './pages/AccountsPage.ts';
import { AppShell } from './pages/AppShell.ts';
import { EntriesPage, monthFromNow } from './pages/EntriesPage.ts';
import { audit } from './support/axe.ts';
import { animationsDone, requestsDone, trackRequests } from './support/settle.ts';
import { signUp } from './support/users.ts';

interface Texts {
  newCard: RegExp;
  cardForm: RegExp;
  name: RegExp;
  limit: RegExp;
  closeDay: RegExp;
  dueDay: RegExp;
  account: RegExp;
  category: string;
  lands: RegExp;
  partial: RegExp;
  prevBalance: RegExp;
}

const TEXTS: Record<'en' | 'br', Texts> = {
  en: {
    newCard: /^new card$/i,
    cardForm: /^new card$/i,
    name: /^name/i,
    limit: /^limit/i,
    closeDay: /^closing day/i,
    dueDay: /^due day/i,
    account: /^paying account/i,
    category: 'Food',
    lands: /^Lands in the invoice of /,
    partial: /^Paid in part$/,
    prevBalance: /previous balance/i,
  },
  br: {
    newCard: /^novo cartão$/i,
    cardForm: /^novo cartão$/i,
    name: /^nome/i,
    limit: /^limite/i,
    closeDay: /^dia de fechamento/i,
    dueDay: /^dia de vencimento/i,
    account: /^conta de pagamento/i,
    category: 'Alimentação',
    lands: /^Entra na fatura de /,
    partial: /^Paga em parte$/,
    prevBalance: /saldo anterior/i,
  },
};

async function accountBalance(page: Page, name: string): Promise<number> {
  const list = await apiAs<{ data: { name: string; balance: number }[] }>(page, 'GET', '/account');
  return list.data.find((a) => a.name === name)?.balance ?? Number.NaN;
}

async function _invoiceFigure(page: Page, testId: string): Promise<string> {
  return (await page.getByTestId(testId).textContent()) ?? '';
}

/**
 * Issue #10 in a real browser: create a card (close 10, due 17); purchases on the 9th and the 10th land in
 * different invoices; a 3-installment purchase shows 1/3, 2/3, 3/3 in three invoices; the limit drops by
 * the whole purchase; a partial payment from an account before the due date lowers what the invoice owes
 * (nothing carried yet) and takes the amount from the account; undo restores both. Then the same in Portuguese.
 */
for (const locale of ['en', 'br'] as const) {
  test(`cards and invoices (${locale})`, async ({ page }) => {
    test.setTimeout(180_000);
    const x = TEXTS[locale];
    await signUp(page, `cards${locale}`);
    const shell = new AppShell(page);
    if (locale === 'br') {
      await shell.go('/entries/list');
      await shell.switchLanguage('br');
    }
    await apiAs(page, 'POST', '/account', { name: 'Checking', initial_balance: 100000 });
    const m1 = monthFromNow(1);
    const m2 = monthFromNow(2);

    await test.step('create a card from the navigation (close 10, due 17)', async () => {
      await shell.go('/entries/list');
      await page.getByTestId('nav-card-add').click();
      const dialog = page.getByRole('dialog', { name: x.cardForm });
      await expect(dialog).toBeVisible();
      await animationsDone(page);
      await audit(page, `card form (${locale})`);
      await dialog.getByRole('textbox', { name: x.name }).fill('Visa Gold');
      await dialog.getByRole('textbox', { name: x.limit }).fill('5000');
      await dialog.getByRole('textbox', { name: x.closeDay }).fill('10');
      await dialog.getByRole('textbox', { name: x.dueDay }).fill('17');
      await dialog.getByLabel(x.account).click();
      await page.getByRole('option', { name: 'Checking', exact: true }).click();
      await dialog.getByTestId('card-save').click();
      await expect(page).toHaveURL(/\/card\/\d+/);
      await expect(page.getByRole('heading', { level: 1, name: 'Visa Gold' })).toBeVisible();
      await expect(page.getByTestId(/^nav-card-\d+$/)).toHaveCount(1);
    });
    const cardUrl = page.url().replace(/\?.*$/, '');

    const entries = new EntriesPage(page);
    await test.step('the 9th and the 10th land in different invoices; 3 installments in three', async () => {
      await entries.goto(m1);
      await entries.openNew();
      await entries.fillForm({
        operation: 'expense',
        description: 'Bakery',
        value: '100',
        date: `${m1}-09`,
        account: 'Visa Gold',
        category: x.category,
      });
      await expect(entries.formDialog().getByText(x.lands)).toBeVisible();
      await entries.save();
      await expect(entries.formDialog()).toBeHidden();
      await entries.addEntry({
        operation: 'expense',
        description: 'Market',
        value: '50',
        date: `${m1}-10`,
        account: 'Visa Gold',
        category: x.category,
      });
      await entries.addEntry({
        operation: 'expense',
        description: 'Phone',
        value: '300',
        date: `${m1}-15`,
        account: 'Visa Gold',
        category: x.category,
        installments: 3,
      });
      // Card purchases are not lines of the list: their invoice due in the month is.
      await expect(page.getByTestId('invoice-line')).toHaveCount(1);
      await expect(entries.row('Bakery')).toHaveCount(0);
    });

    await test.step('the card page shows each invoice with its entries and the limit', async () => {
      await page.goto(`${cardUrl}?month=${m1}`);
      await expect(page.getByTestId('invoice-entry')).toHaveCount(1);
      await expect(page.getByTestId('invoice-entries')).toContainText('Bakery');
      await page.getByTestId('invoice-next').click();
      await expect(page.getByTestId('invoice-entries')).toContainText('Market');
      await expect(page.getByTestId('installment-label')).toHaveText(['1/3']);
      await page.getByTestId('invoice-next').click();
      await expect(page.getByTestId('installment-label')).toHaveText(['2/3']);
      await page.getByTestId('invoice-next').click();
      await expect(page.getByTestId('installment-label')).toHaveText(['3/3']);
      // 5 000 − (100 + 50 + 300): the whole installment purchase counts at once.
      await expect(page.getByTestId('available-limit')).toContainText(/4[.,]550[.,]00/);
      await audit(page, `card page (${locale})`);
    });

    await test.step('the dashboard shows the card with its open invoice and available limit', async () => {
      await shell.go('/dashboard');
      const row = page.getByTestId('dash-cards').getByRole('listitem', { name: 'Visa Gold' });
      await expect(row).toContainText(/4[.,]550[.,]00/);
      await row.getByRole('link', { name: 'Visa Gold' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Visa Gold' })).toBeVisible();
    });

    await test.step('pay the first invoice in part before its due date: it only lowers what it owes', async () => {
      const before = await accountBalance(page, 'Checking');
      await page.goto(`${cardUrl}?month=${m1}`);
      await page.getByTestId('invoice-pay').click();
      const dialog = page.getByRole('dialog');
      await expect(dialog).toBeVisible();
      const value = dialog.getByTestId('pay-value');
      await value.fill('40');
      await value.blur();
      await dialog.getByTestId('pay-submit').click();
      await expect(dialog).toBeHidden();
      // DESIGN.md §4: nothing is carried before the due date (issue 18), so it is not "paid in part" yet.
      await expect(page.getByTestId('invoice-outstanding')).toContainText(/60[.,]00/);
      await expect(page.getByTestId('invoice-status')).not.toHaveText(x.partial);
      expect(await accountBalance(page, 'Checking')).toBe(before - 4000);
      await page.getByTestId('invoice-next').click();
      await expect(page).toHaveURL(new RegExp(`month=${m2}`));
      await expect(page.getByTestId('invoice-previous')).toContainText(/0[.,]00/);
      await expect(page.getByTestId('invoice-previous')).not.toContainText(/60/);

      await page.getByTestId('invoice-prev').click();
      await page.getByTestId('invoice-undo').click();
      // Issue 23 #4: one payment, after a confirmation.
      await page.getByTestId('undo-confirm').click();
      await expect(page.getByTestId('invoice-undo')).toHaveCount(0);
      expect(await accountBalance(page, 'Checking')).toBe(before);
      await page.getByTestId('invoice-next').click();
      await expect(page.getByTestId('invoice-previous')).toContainText(/0[.,]00/);
      await expect(page.getByTestId('invoice-previous')).not.toContainText(/60/);
    });
  });
}

test.describe('card page, dark theme', () => {
  test.use({ colorScheme: 'dark' });

  test('the card page, the pay dialog and the card form have no axe violations', async ({ page }) => {
    test.setTimeout(120_000);
    trackRequests(page);
    await signUp(page, 'cardsdark');
    const account = await apiAs<{ id: number }>(page, 'POST', '/account', { name: 'Checking' });
    const card = await apiAs<{ id: number }>(page, 'POST', '/card', {
      name: 'Dark Card',
      limit: 100000,
      close_day: 10,
      expiration_day: 17,
      account_id: account.id,
    });
    const m1 = monthFromNow(1);
    await postEntry(page, 'expense', 'Notebook', 30000, `${m1}-02`, {
      category_id: 3,
      card_id: card.id,
      installments: 3,
    });
    await page.goto(`/card/${card.id}?month=${m1}`);
    await expect(page.getByTestId('installment-label')).toHaveText(['1/3']);
    await requestsDone(page);
    await audit(page, 'card page (dark)');
    await page.getByTestId('invoice-pay').click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await animationsDone(page);
    await audit(page, 'pay dialog (dark)');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();
    await page.getByTestId('card-edit').click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await animationsDone(page);
    await audit(page, 'card form (dark)');
  });
});
