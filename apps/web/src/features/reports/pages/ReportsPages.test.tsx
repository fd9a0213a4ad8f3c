import {
  analysisReportSchema,
  debtReportSchema,
  expenseReportSchema,
  expenseSubcategoriesSchema,
  investmentReportSchema,
} from '@centavo/shared';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage, stubApi, valid } from '../../../test/render-page.tsx';
import { renderingInEnglish } from '../../../test/rendering.ts';
import { userAnswers } from '../../../test/user-answers.ts';
import { AnalysisPage } from './AnalysisPage.tsx';
import { ByCategoryPage } from './ByCategoryPage.tsx';

// Three months of figures as the report endpoints answer them (range=3m, ending March 2026).
const MONTHS = ['2026-01', '2026-02', '2026-03'];
const head = (basis: 'accrual' | 'cash') => ({ basis, start: '2026-01', end: '2026-03' });

const analysis = (basis: 'accrual' | 'cash') =>
  valid(analysisReportSchema, {
    ...head(basis),
    data: [
      {
        month: '2026-01',
        income: 800000,
        expense: 600000,
        investment: 50000,
        result: 150000,
        cumulative: 150000,
      },
      {
        month: '2026-02',
        income: 800000,
        expense: 910000,
        investment: 0,
        result: -110000,
        cumulative: 40000,
      },
      {
        month: '2026-03',
        income: 850000,
        expense: 248500,
        investment: 0,
        result: 601500,
        cumulative: 641500,
      },
    ],
    totals: { income: 2450000, expense: 1758500, investment: 50000, result: 641500 },
  });

const DEBT = valid(debtReportSchema, {
  start: '2026-01',
  end: '2026-03',
  data: [
    { month: '2026-02', installments: 0, invoices: 0, total: 0 },
    { month: '2026-03', installments: 25000, invoices: 45000, total: 70000 },
  ],
  total: 70000,
  overdue: { installments: 0, invoices: 0, total: 0 },
});

const INVESTMENT = valid(investmentReportSchema, {
  ...head('accrual'),
  data: MONTHS.map((month, i) => ({ month, value: i === 0 ? 50000 : 0, cumulative: 50000 })),
  total: 50000,
});

const EXPENSES = valid(expenseReportSchema, {
  ...head('accrual'),
  months: MONTHS,
  total: 1758500,
  data: [
    {
      category_id: 11,
      name: 'Rent',
      color: '#1971c2',
      total: 450000,
      share: 25.6,
      months: [150000, 150000, 150000],
    },
    {
      category_id: 10,
      name: 'Groceries',
      color: null,
      total: 210000,
      share: 11.9,
      months: [70000, 70000, 70000],
    },
    {
      category_id: null,
      name: 'Uncategorised',
      color: null,
      total: 1098500,
      share: 62.5,
      months: [380000, 690000, 28500],
    },
  ],
});

/** Groceries per subcategory, as GET /report/expense/subcategories?category_id=10 answers it. */
const GROCERIES = valid(expenseSubcategoriesSchema, {
  ...head('accrual'),
  category_id: 10,
  data: [
    { sub_category_id: 101, name: 'Supermarket', total: 180000 },
    { sub_category_id: null, name: '', total: 30000 },
  ],
});

describe('the report pages', () => {
  renderingInEnglish(['reports']);

  it('analysis: a row per month with drill-down links, the totals, the debt ahead and investments', async () => {
    const api = stubApi({
      ...userAnswers(),
      '/report/analysis': (url: URL) =>
        analysis(url.searchParams.get('basis') === 'cash' ? 'cash' : 'accrual'),
      '/report/debt': DEBT,
      '/report/investment': INVESTMENT,
    });
    renderPage('/reports/analysis', '/reports/analysis?range=3m', <AnalysisPage />);

    const table = await screen.findByTestId('analysis-rows');
    expect(api.to('/report/analysis')[0]?.searchParams.get('range')).toBe('3m');
    const rows = [...table.querySelectorAll('tbody tr')].map((row) => row.textContent);
    expect(rows).toEqual([
      'Jan 2026R$8,000.00R$6,000.00R$500.00R$1,500.00R$1,500.00',
      'Feb 2026R$8,000.00R$9,100.00R$0.00-R$1,100.00R$400.00',
      'Mar 2026R$8,500.00R$2,485.00R$0.00R$6,015.00R$6,415.00',
    ]);
    expect(table.querySelector('tfoot')?.textContent).toBe('TotalR$24,500.00R$17,585.00R$500.00R$6,415.00');
    // February's expenses open the entries behind that figure.
    const february = table.querySelectorAll('tbody tr')[1];
    const expenseLink = february?.querySelectorAll('a')[1]?.getAttribute('href') ?? '';
    expect(expenseLink).toContain('month=2026-02');
    expect(expenseLink).toContain('operation_id=2');
    expect(expenseLink).toContain('basis=accrual');

    const debt = await screen.findByTestId('debt-rows');
    expect(debt.textContent).toContain('R$700.00');
    expect(screen.getByText('Contributions').closest('table')?.textContent).toContain('R$500.00');
    expect(screen.getByTestId('basis-note').textContent).toBe('Figures by purchase date');
    expect(api.unanswered).toEqual([]);
  });

  it('analysis: the debt ahead has no installments column when only card invoices hold them (issue 23 #11)', async () => {
    const cardOnly = valid(debtReportSchema, {
      ...DEBT,
      data: [
        { month: '2026-02', installments: 0, invoices: 15590, total: 15590 },
        { month: '2026-03', installments: 0, invoices: 10000, total: 10000 },
      ],
      total: 25590,
    });
    stubApi({
      ...userAnswers(),
      '/report/analysis': analysis('accrual'),
      '/report/debt': cardOnly,
      '/report/investment': INVESTMENT,
    });
    renderPage('/reports/analysis', '/reports/analysis?range=3m', <AnalysisPage />);
    const table = await screen.findByTestId('debt-rows');
    expect([...table.querySelectorAll('th')].map((th) => th.textContent)).toEqual(['Month', 'Card invoices']);
    expect([...table.querySelectorAll('tbody tr')].map((row) => row.textContent)).toEqual([
      'Feb 2026R$155.90',
      'Mar 2026R$100.00',
    ]);
    expect(screen.getByTestId('debt-hint').textContent).toContain(
      'card invoices, each with its installments',
    );
    cleanup();

    // With an account purchase in installments: its column, and the month's total.
    stubApi({
      ...userAnswers(),
      '/report/analysis': analysis('accrual'),
      '/report/debt': DEBT,
      '/report/investment': INVESTMENT,
    });
    renderPage('/reports/analysis', '/reports/analysis?range=3m', <AnalysisPage />);
    const both = await screen.findByTestId('debt-rows');
    expect([...both.querySelectorAll('th')].map((th) => th.textContent)).toEqual([
      'Month',
      'Card invoices',
      'Account installments',
      'Total',
    ]);
    expect(both.querySelectorAll('tbody tr')[1]?.textContent).toBe('Mar 2026R$450.00R$250.00R$700.00');
  });

  it('analysis: switching to the payment date asks again and says which basis is shown', async () => {
    const api = stubApi({
      ...userAnswers(),
      '/report/analysis': (url: URL) =>
        analysis(url.searchParams.get('basis') === 'cash' ? 'cash' : 'accrual'),
      '/report/debt': DEBT,
      '/report/investment': { ...INVESTMENT, total: 0, data: [] },
    });
    renderPage('/reports/analysis', '/reports/analysis?range=3m', <AnalysisPage />);
    await screen.findByTestId('analysis-rows');
    expect(await screen.findByText('No investments in this period.')).toBeTruthy();

    fireEvent.click(screen.getByLabelText('By payment date'));
    await waitFor(() =>
      expect(api.to('/report/analysis').map((url) => url.searchParams.get('basis'))).toContain('cash'),
    );
    expect(screen.getByTestId('basis-note').textContent).toBe('Figures by payment date');
  });

  it('by category: totals, shares and links per category, subcategories on demand, the trend', async () => {
    const api = stubApi({
      ...userAnswers(),
      '/report/expense': EXPENSES,
      '/report/expense/subcategories': (url: URL) =>
        url.searchParams.get('category_id') === '10' ? GROCERIES : new Response('{}', { status: 404 }),
    });
    renderPage('/reports/by-category', '/reports/by-category?range=3m', <ByCategoryPage />);

    const table = await screen.findByTestId('category-rows');
    expect(api.to('/report/expense')[0]?.searchParams.get('range')).toBe('3m');
    const groceries = within(table).getByTestId('category-row-10');
    expect(groceries.textContent).toBe('GroceriesR$2,100.0011.9%');
    const link = within(groceries).getByTestId('category-total').getAttribute('href') ?? '';
    expect(link).toContain('category_id=10');
    expect(link).toContain('start_month=2026-01');
    expect(link).toContain('end_month=2026-03');
    // Spending without a category links to the expenses without one.
    const uncategorised = within(table).getByTestId('category-row-uncategorised');
    expect(within(uncategorised).getByTestId('category-total').getAttribute('href')).toContain(
      'without_category=true',
    );

    expect(table.textContent).not.toContain('Supermarket');
    fireEvent.click(within(groceries).getByRole('button', { name: 'Show subcategories of Groceries' }));
    // Opening a category asks for its subcategories over the same range.
    await within(table).findByText('Supermarket');
    expect(api.to('/report/expense/subcategories')[0]?.searchParams.get('range')).toBe('3m');
    expect(table.textContent).toContain('SupermarketR$1,800.00');
    expect(table.textContent).toContain('No subcategoryR$300.00');

    // The trend of the first category, a row per month.
    const trend = screen.getByText('Monthly trend of Rent').closest('section');
    expect(trend?.querySelectorAll('tbody tr')).toHaveLength(3);
    expect(trend?.textContent).toContain('Mar 2026R$1,500.00');
    expect(api.unanswered).toEqual([]);
  });

  it('by category: says so when nothing was spent', async () => {
    stubApi({ ...userAnswers(), '/report/expense': { ...EXPENSES, total: 0, data: [] } });
    renderPage('/reports/by-category', '/reports/by-category', <ByCategoryPage />);
    expect(await screen.findByText('No spending in this period.')).toBeTruthy();
  });
});
