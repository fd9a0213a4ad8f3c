import {
  addMonths,
  analysisReportSchema,
  budgetDashboardSchema,
  categoryDashboardSchema,
  entryListSchema,
} from '@centavo/shared';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n } from '../../../lib/i18n.ts';
import { accountFixture, cardFixture, invoiceFixture } from '../../../test/fixtures.ts';
import { renderPage, stubApi, valid } from '../../../test/render-page.tsx';
import { userAnswers } from '../../../test/user-answers.ts';
import { entryFixture } from '../../entries/lib/entry.test-fixture.ts';
import { DashboardPage } from './DashboardPage.tsx';

// The dashboard shows "today": the clock stands at noon UTC on 15 March 2026.
const NOW = new Date('2026-03-15T12:00:00.000Z');
const MONTH = '2026-03';

const MONTHS = Array.from({ length: 12 }, (_, i) => addMonths(MONTH, i - 11));
const ANALYSIS = valid(analysisReportSchema, {
  basis: 'accrual',
  start: MONTHS[0] ?? MONTH,
  end: MONTH,
  data: MONTHS.map((month, i) => ({
    month,
    income: 800000,
    expense: month === MONTH ? 248500 : 600000,
    investment: 0,
    result: month === MONTH ? 551500 : 200000,
    cumulative: 200000 * i + (month === MONTH ? 551500 : 200000),
  })),
  totals: { income: 9600000, expense: 6848500, investment: 0, result: 2751500 },
});

const NUBANK_MARCH = invoiceFixture({
  id: 31,
  card_id: 1,
  month: MONTH,
  close_date: '2026-03-13',
  due_date: '2026-03-20',
  purchases: 45000,
  status: 'closed',
});
// Unpaid after its due date (issue 18): listed first, in red, marked overdue.
const NUBANK_FEBRUARY = invoiceFixture({
  id: 30,
  card_id: 1,
  month: '2026-02',
  close_date: '2026-02-13',
  due_date: '2026-02-20',
  purchases: 30000,
  status: 'overdue',
});
const NUBANK_APRIL = invoiceFixture({
  id: 32,
  card_id: 1,
  month: '2026-04',
  close_date: '2026-04-13',
  due_date: '2026-04-20',
  purchases: 12000,
});

function answers() {
  return {
    ...userAnswers(),
    '/account': {
      data: [
        accountFixture({ id: 1, name: 'Checking', balance: 523456 }),
        accountFixture({ id: 2, name: 'Savings', type: 'savings', balance: 1000000 }),
      ],
    },
    '/report/analysis': ANALYSIS,
    '/category/dashboard': valid(categoryDashboardSchema, {
      month: MONTH,
      basis: 'accrual',
      total: 232000,
      data: [
        { category_id: 11, name: 'Rent', color: null, value: 162000, share: 69.8 },
        { category_id: 10, name: 'Groceries', color: null, value: 70000, share: 30.2 },
      ],
    }),
    '/budget/dashboard': valid(budgetDashboardSchema, {
      month: MONTH,
      summary: { planned: 230000, spent: 232000, available: -2000, within: 0, near: 1, over: 1 },
      categories: [
        budgetAlert(11, 'Rent', 150000, 162000, 108, 'over'),
        budgetAlert(10, 'Groceries', 80000, 70000, 87.5, 'near'),
      ],
    }),
    '/card': {
      data: [
        cardFixture({ id: 1, name: 'Nubank', invoice: NUBANK_MARCH }),
        cardFixture({ id: 2, name: 'Old card', archived: true, invoice: { ...NUBANK_MARCH, card_id: 2 } }),
      ],
    },
    '/invoice/date/2026-02': { data: [NUBANK_FEBRUARY] },
    '/invoice/date/2026-03': { data: [NUBANK_MARCH] },
    '/invoice/date/2026-04': { data: [NUBANK_APRIL] },
    '/entry': valid(entryListSchema, {
      data: [entryFixture({ id: 7, description: 'Internet', value: 9990, date: '2026-03-25', paid: false })],
      meta: { total: 1, page: 1, per_page: 20 },
    }),
  };
}

function budgetAlert(
  id: number,
  name: string,
  budget: number,
  spent: number,
  percent: number,
  band: 'near' | 'over',
) {
  return {
    category_id: id,
    name,
    color: null,
    icon: null,
    budget_id: id,
    budget,
    spent,
    remaining: budget - spent,
    percent,
    band,
    unbudgeted: false,
    subcategories: [],
  };
}

/** A widget, by its id (role queries are slow in jsdom on a page this size). */
function widget(id: string): HTMLElement {
  const section = document.querySelector<HTMLElement>(`section[aria-labelledby="${id}-title"]`);
  if (!section) throw new Error(`no widget ${id}`);
  return section;
}

describe('the dashboard', () => {
  beforeAll(async () => {
    await initI18n('en');
    await i18n.loadNamespaces(['reports']);
  });
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('shows balances, the month, spending, budget alerts, cards and what falls due', async () => {
    const api = stubApi(answers());
    renderPage('/dashboard', '/dashboard', <DashboardPage />);

    expect((await screen.findByTestId('dash-total-balance')).textContent).toBe('R$15,234.56');
    const balance = widget('dash-balance');
    expect(balance.textContent).toContain('Checking');
    expect(balance.textContent).toContain('Savings');

    // This month's figures, each a link to the entries it sums.
    expect(document.getElementById('dash-month-title')?.textContent).toBe('March 2026');
    expect(screen.getByTestId('dash-income').textContent).toBe('R$8,000.00');
    expect(screen.getByTestId('dash-expense').getAttribute('href')).toContain('month=2026-03');
    expect(screen.getByTestId('dash-result').textContent).toBe('R$5,515.00');

    const spending = widget('dash-spending');
    expect(within(spending).getByText('Rent')).toBeTruthy();
    expect(spending.textContent).toContain('69.8%');
    expect(spending.textContent).toContain('R$700.00');

    const alerts = await within(widget('dash-budgets')).findByTestId('dash-budget-alerts');
    expect(alerts.textContent).toContain('Rentover the limit · 108%');
    expect(alerts.textContent).toContain('Groceriesnear the limit · 87.5%');

    // Archived cards are left out; the open invoice and the limit left show.
    const cards = await within(widget('dash-cards')).findByTestId('dash-cards');
    expect(within(cards).getByText('Nubank').closest('a')?.getAttribute('href')).toBe('/card/1');
    expect(cards.textContent).not.toContain('Old card');
    expect(cards.textContent).toContain('Open invoice · Mar 20');
    expect(cards.textContent).toContain('R$4,550.00');

    // Due in the next 30 days: the March invoice (the April one falls due after 14 April) and the bill.
    const upcoming = widget('dash-upcoming');
    await within(upcoming).findByText('Internet');
    const invoices = within(upcoming).getAllByTestId('dash-upcoming-invoice');
    expect(invoices.map((row) => row.textContent)).toEqual([
      'Feb 20OverdueInvoice · Nubank-R$300.00',
      'Mar 20Invoice · Nubank-R$450.00',
    ]);
    expect(invoices.map((row) => row.getAttribute('data-overdue'))).toEqual(['true', null]);
    expect(api.to('/entry')[0]?.searchParams.get('start_date')).toBe('2026-03-15');
    expect(api.to('/entry')[0]?.searchParams.get('end_date')).toBe('2026-04-14');

    // The last twelve months, as a table beside the charts.
    const last12 = widget('dash-last12');
    expect(last12.querySelectorAll('tbody tr')).toHaveLength(12);
    expect(api.unanswered).toEqual([]);
  });

  it('says what is empty for a new user', async () => {
    stubApi({
      ...answers(),
      '/account': { data: [] },
      '/category/dashboard': { month: MONTH, basis: 'accrual', total: 0, data: [] },
      '/budget/dashboard': {
        month: MONTH,
        // Spending and no budget: the API's available is −spent, which the widget must not show (#23 13c).
        summary: { planned: 0, spent: 401170, available: -401170, within: 0, near: 0, over: 0 },
        categories: [],
      },
      '/card': { data: [] },
      '/invoice/date/2026-02': { data: [] },
      '/invoice/date/2026-03': { data: [] },
      '/invoice/date/2026-04': { data: [] },
      '/entry': { data: [], meta: { total: 0, page: 1, per_page: 20 } },
    });
    renderPage('/dashboard', '/dashboard', <DashboardPage />);
    expect(await screen.findByText('No spending this month yet.')).toBeTruthy();
    const budgets = await within(widget('dash-budgets')).findByTestId('dash-budgets-none');
    expect(budgets.textContent).toBe(
      'No limit set for this month yet. Set budgets to see what is left to spend.',
    );
    expect(widget('dash-budgets').textContent).toContain('R$4,011.70');
    expect(widget('dash-budgets').textContent).not.toContain('Available');
    expect((await screen.findByTestId('dash-cards-empty')).textContent).toContain('No cards yet');
    expect(await screen.findByText('Nothing unpaid is due in the next 30 days.')).toBeTruthy();
    expect(screen.getByTestId('dash-total-balance').textContent).toBe('R$0.00');
  });
});
