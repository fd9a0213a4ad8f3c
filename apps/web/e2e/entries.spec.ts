import { formatMoney } from '@centavo/shared/money';
import { expect, type Page, test } from '@playwright/test';
import { AccountsPage, apiAs } from './pages/AccountsPage.ts';
import { AppShell } from './pages/AppShell.ts';
import { EntriesPage, monthFromNow } from './pages/EntriesPage.ts';
import { auditSchemes } from './support/axe.ts';
import { expectGoesIdle } from './support/settle.ts';
import { signUp } from './support/users.ts';

test.describe.configure({ mode: 'serial' });

interface Texts {
  locale: 'en' | 'br';
  intl: string;
  checking: string;
  wallet: string;
  salary: string;
  groceries: string;
  transfer: string;
  laptop: string;
  laptopPro: string;
  internet: string;
  header: string[];
  title: string;
  /** System categories, named in the interface language. */
  salaryCategory: string;
  food: string;
  groceriesSub: string;
  shopping: string;
  bills: string;
}

const EN: Texts = {
  locale: 'en',
  intl: 'en-US',
  checking: 'Main checking',
  wallet: 'Cash wallet',
  salary: 'Salary',
  groceries: 'Groceries',
  transfer: 'Cash for the week',
  laptop: 'Laptop',
  laptopPro: 'Laptop Pro',
  internet: 'Internet',
  header: [
    'Date',
    'Description',
    'Operation',
    'Category',
    'Subcategory',
    'Account',
    'Destination account',
    'Value',
    'Paid',
    'Installment',
    'Tags',
    'Notes',
  ],
  title: 'Entries · Centavo',
  salaryCategory: 'Salary',
  food: 'Food',
  groceriesSub: 'Groceries',
  shopping: 'Shopping',
  bills: 'Bills',
};

const BR: Texts = {
  locale: 'br',
  intl: 'pt-BR',
  checking: 'Conta principal',
  wallet: 'Carteira',
  salary: 'Salário',
  groceries: 'Supermercado',
  transfer: 'Dinheiro da semana',
  laptop: 'Notebook',
  laptopPro: 'Notebook Pro',
  internet: 'Internet fibra',
  header: [
    'Data',
    'Descrição',
    'Operação',
    'Categoria',
    'Subcategoria',
    'Conta',
    'Conta de destino',
    'Valor',
    'Pago',
    'Parcela',
    'Tags',
    'Observações',
  ],
  title: 'Lançamentos · Centavo',
  salaryCategory: 'Salário',
  food: 'Alimentação',
  groceriesSub: 'Supermercado',
  shopping: 'Compras',
  bills: 'Contas',
};

async function register(page: Page, label: string) {
  await signUp(page, label);
}

/**
 * The whole flow of the entries page in one language. Money: initial balances 1,000.00 + 0.00; salary
 * 5,000.00 paid; groceries 123.45; transfer 200.00 paid; laptop 1,000.00 in 3 (333.34 + 333.33 + 333.33);
 * internet 99.90 every month.
 */
async function entriesFlow(page: Page, x: Texts) {
  test.setTimeout(240_000);
  const m0 = monthFromNow(0);
  const m1 = monthFromNow(1);
  const m2 = monthFromNow(2);
  const entries = new EntriesPage(page);
  const money = (cents: number) => formatMoney(cents, { code: 'BRL', digits: 2 }, x.intl);

  await register(page, `entries${x.locale}`);
  if (x.locale === 'br') {
    // The welcome page has no user menu: switch from the signed-in layout (saved in the preferences, so the
    // export's headers follow too).
    await entries.goto();
    await new AppShell(page).switchLanguage('br');
    await expect(page.getByRole('heading', { level: 1, name: 'Lançamentos' })).toBeVisible();
  }

  await test.step('create two accounts on the accounts page', async () => {
    const accounts = new AccountsPage(page);
    await accounts.goto();
    await accounts.createAccount(x.checking, 100000);
    await accounts.createAccount(x.wallet, 0);
  });

  await test.step('an empty month invites the first entry', async () => {
    await entries.goto(m0);
    await expect(page).toHaveTitle(x.title);
    await expect(page.getByTestId('entries-empty')).toBeVisible();
    await entries.expectTotals({ income: 0, expense: 0, result: 0, balance: 100000, predicted: 100000 });
  });

  await test.step('add income, expense, transfer, a 3-installment purchase and a fixed bill', async () => {
    await entries.addEntry({
      operation: 'income',
      description: x.salary,
      value: '5000',
      date: `${m0}-05`,
      account: x.checking,
      category: x.salaryCategory,
      paid: true,
    });
    await entries.addEntry({
      operation: 'expense',
      description: x.groceries,
      category: x.food,
      subcategory: x.groceriesSub,
      // Typed with the other language's separators on purpose: both are understood.
      value: x.locale === 'en' ? '123,45' : '123.45',
      date: `${m0}-06`,
      // Unpaid on purpose: paid starts on for a date up to today (issue 13 #19).
      paid: false,
      account: x.checking,
      tags: ['food'],
    });
    await entries.addEntry({
      operation: 'transfer',
      description: x.transfer,
      value: '200',
      date: `${m0}-07`,
      account: x.checking,
      destination: x.wallet,
      paid: true,
    });
    await entries.openNew();
    await entries.fillForm({
      operation: 'expense',
      description: x.laptop,
      value: x.locale === 'en' ? '1,000.00' : '1.000,00',
      date: `${m0}-10`,
      // Unpaid on purpose: paid starts on for a date up to today (issue 13 #19).
      paid: false,
      account: x.checking,
      category: x.shopping,
      installments: 3,
    });
    await expect(page.getByTestId('installments-preview')).toContainText(money(33334));
    await expect(page.getByTestId('installments-preview')).toContainText(money(33333));
    await entries.save();
    await expect(entries.formDialog()).toBeHidden();
    await entries.addEntry({
      operation: 'expense',
      description: x.internet,
      value: '99,90',
      date: `${m0}-15`,
      // Unpaid on purpose: paid starts on for a date up to today (issue 13 #19).
      paid: false,
      account: x.checking,
      category: x.bills,
      fixed: true,
    });

    await expect(entries.rows()).toHaveCount(5);
    await expect(entries.row(x.laptop).getByTestId('installment-badge')).toHaveText('1/3');
    await expect(entries.row(x.internet).getByTestId('fixed-badge')).toBeVisible();
    await expect(entries.row(x.transfer)).toContainText(`${x.checking} → ${x.wallet}`);
    await expect(entries.row(x.laptop).getByTestId('entry-amount')).toHaveText(`-${money(33334)}`);
    await entries.expectTotals({
      income: 500000,
      expense: 55669,
      result: 444331,
      balance: 600000,
      predicted: 544331,
    });
    await expect(entries.totalText('income')).toHaveText(`+${money(500000)}`);
    await expect(entries.totalText('balance')).toHaveText(money(600000));
  });

  await test.step('move through the months: the series follow', async () => {
    await entries.nextMonth();
    await expect(page).toHaveURL(new RegExp(`month=${m1}`));
    await expect(entries.rows()).toHaveCount(2);
    await expect(entries.row(x.laptop).getByTestId('installment-badge')).toHaveText('2/3');
    await entries.expectTotals({
      income: 0,
      expense: 43323,
      result: -43323,
      balance: 600000,
      predicted: 501008,
    });
    await entries.nextMonth();
    await expect(entries.row(x.laptop).getByTestId('installment-badge')).toHaveText('3/3');
    await entries.previousMonth();
    await entries.previousMonth();
    await expect(page).toHaveURL(new RegExp(`month=${m0}`));
  });

  await test.step('mark paid: the balance changes, the prediction does not', async () => {
    await entries.togglePaid(x.groceries);
    await expect(entries.row(x.groceries).getByTestId('paid-toggle')).toHaveAttribute('data-paid', 'true');
    await entries.expectTotals({ balance: 587655, predicted: 544331, expense: 55669 });
    await page.reload();
    await entries.waitForData();
    await expect(entries.row(x.groceries).getByTestId('paid-toggle')).toHaveAttribute('data-paid', 'true');
    // Unpaid again, then paid again: the toggle is reversible.
    await entries.togglePaid(x.groceries);
    await entries.expectTotals({ balance: 600000 });
    await entries.togglePaid(x.groceries);
    await entries.expectTotals({ balance: 587655 });
  });

  await test.step('edit the purchase from its second installment with scope "next"', async () => {
    await entries.goto(m1);
    await entries.openEdit(x.laptop);
    await entries.fillForm({ description: x.laptopPro, value: '300' });
    await entries.save();
    await entries.chooseScope('next');
    await expect(entries.formDialog()).toBeHidden();
    await expect(entries.row(x.laptopPro)).toBeVisible();
    await entries.expectTotals({ expense: 39990 });
    await entries.nextMonth();
    await expect(entries.row(x.laptopPro).getByTestId('entry-amount')).toHaveText(`-${money(30000)}`);
    await entries.goto(m0);
    await expect(entries.row(x.laptop).getByTestId('entry-amount')).toHaveText(`-${money(33334)}`);
    await expect(entries.row(x.laptopPro)).toHaveCount(0);
  });

  await test.step('delete: a single entry after confirming, a fixed bill from next month on', async () => {
    await entries.delete(x.groceries);
    await entries.expectTotals({ expense: 43324, balance: 600000 });
    await entries.goto(m1);
    await entries.delete(x.internet, 'next');
    await entries.expectTotals({ expense: 30000 });
    await entries.goto(m2);
    await expect(entries.row(x.internet)).toHaveCount(0);
    await entries.goto(m0);
    await expect(entries.row(x.internet)).toBeVisible();
  });

  await test.step('filters live in the URL', async () => {
    await page.getByTestId('entries-search').fill(x.laptop.slice(0, 4));
    await expect(page).toHaveURL(/q=/);
    // A search looks through every month (issue 13 #14): the purchase's three installments.
    await expect(entries.rows()).toHaveCount(3);
    await page.reload();
    await entries.waitForData();
    await expect(entries.rows()).toHaveCount(3);
    await page.getByTestId('entries-search').fill('');
    await expect(entries.rows()).toHaveCount(4);
  });

  await test.step('export the month as CSV and read it back', async () => {
    const rows = await entries.exportCsv();
    expect(rows[0]).toEqual(x.header);
    const body = rows.slice(1).filter((r) => r.length > 1);
    const byDescription = new Map(body.map((r) => [r[1], r]));
    expect(body).toHaveLength(4);
    // Amounts in the language's notation (1.234,56 in Português, 1234.56 in English), expenses negative
    // (issue 13 #11, issue 23 #9).
    const amount = (row: string[] | undefined) =>
      Number(x.header[0] === 'Data' ? row?.[7]?.replace(/\./g, '').replace(',', '.') : row?.[7]);
    expect(amount(byDescription.get(x.salary))).toBe(5000);
    expect(amount(byDescription.get(x.transfer))).toBe(200);
    expect(byDescription.get(x.transfer)?.[6]).toBe(x.wallet);
    expect(amount(byDescription.get(x.laptop))).toBe(-333.34);
    expect(byDescription.get(x.laptop)?.[9]).toBe('1/3');
    expect(amount(byDescription.get(x.internet))).toBe(-99.9);
    // Dates as the interface shows them: MM/DD/YYYY or DD/MM/YYYY.
    const [year, month] = m0.split('-');
    expect(body.every((r) => r[0]?.endsWith(`/${year}`) && r[0].split('/').includes(month ?? ''))).toBe(true);
  });
}

test('entries: accounts, five kinds of entries, months, paid, series edit, delete, export (English)', async ({
  page,
}) => {
  await entriesFlow(page, EN);
});

test('entries: the same flow in Português', async ({ page }) => {
  await entriesFlow(page, BR);
});

test('entries page has no axe violations in either scheme: empty, with data, form open', async ({ page }) => {
  test.setTimeout(120_000);
  const entries = new EntriesPage(page);
  await register(page, 'entriesaxe');
  await entries.goto();
  await auditSchemes(page, 'empty');

  const account = await apiAs<{ id: number }>(page, 'POST', '/account', {
    name: 'Checking',
    initial_balance: 1000,
  });
  const other = await apiAs<{ id: number }>(page, 'POST', '/account', { name: 'Savings' });
  const month = monthFromNow(0);
  const base = { account_id: account.id, date: `${month}-02` };
  await apiAs(page, 'POST', '/entry', {
    ...base,
    description: 'Pay',
    category_id: 14,
    operation_id: 1,
    value: 400000,
    paid: true,
  });
  await apiAs(page, 'POST', '/entry', {
    ...base,
    description: 'Rent',
    category_id: 2,
    sub_category_id: 1,
    operation_id: 2,
    value: 150000,
    tags: 'home',
  });
  await apiAs(page, 'POST', '/entry', {
    ...base,
    description: 'Bonds',
    category_id: 18,
    operation_id: 3,
    value: 20000,
  });
  await apiAs(page, 'POST', '/entry', {
    ...base,
    description: 'Move',
    operation_id: 4,
    value: 1000,
    destination_account_id: other.id,
  });
  await apiAs(page, 'POST', '/entry', {
    ...base,
    description: 'Phone',
    category_id: 8,
    operation_id: 2,
    value: 90000,
    installments: 3,
  });
  await apiAs(page, 'POST', '/entry', {
    ...base,
    description: 'Gym',
    category_id: 6,
    operation_id: 2,
    value: 9900,
    fixed: true,
  });
  await entries.goto(month);
  await expect(entries.rows()).toHaveCount(6);
  await auditSchemes(page, 'with data');

  await entries.openNew();
  await expectGoesIdle(page);
  await auditSchemes(page, 'form open');
  // With validation errors showing.
  await entries.save();
  await expect(
    entries
      .formDialog()
      .getByText(/required/i)
      .first(),
  ).toBeVisible();
  await auditSchemes(page, 'form with errors');
});
