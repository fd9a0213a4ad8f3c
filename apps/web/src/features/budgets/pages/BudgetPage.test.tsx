import { type CategoryBudgetRow, categoryBudgetListSchema, categoryListSchema } from '@centavo/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderPage, stubApi, valid } from '../../../test/render-page.tsx';
import { renderingInEnglish } from '../../../test/rendering.ts';
import { userAnswers } from '../../../test/user-answers.ts';
import { BudgetPage } from './BudgetPage.tsx';

const MONTH = '2026-03';

function row(fields: Partial<CategoryBudgetRow> & Pick<CategoryBudgetRow, 'category_id' | 'name'>) {
  return {
    color: '#2f9e44',
    icon: null,
    budget_id: null,
    budget: 0,
    spent: 0,
    remaining: 0,
    percent: null,
    band: 'within' as const,
    unbudgeted: false,
    subcategories: [],
    ...fields,
  };
}

/** March as GET /category/budget answers it: one category near its limit, one over, one without a budget. */
const MARCH = valid(categoryBudgetListSchema, {
  month: MONTH,
  summary: { planned: 230000, spent: 248500, available: -18500, within: 0, near: 1, over: 1 },
  data: [
    row({
      category_id: 10,
      name: 'Groceries',
      budget_id: 1,
      budget: 80000,
      spent: 70000,
      remaining: 10000,
      percent: 87.5,
      band: 'near',
      subcategories: [
        { sub_category_id: 101, name: 'Supermarket', spent: 62000 },
        { sub_category_id: null, name: '', spent: 8000 },
      ],
    }),
    row({
      category_id: 11,
      name: 'Rent',
      budget_id: 2,
      budget: 150000,
      spent: 162000,
      remaining: -12000,
      percent: 108,
      band: 'over',
    }),
    row({
      category_id: 12,
      name: 'Leisure',
      spent: 12000,
      remaining: -12000,
      band: 'over',
      unbudgeted: true,
    }),
    row({ category_id: 13, name: 'Old hobby', color: null }),
    row({
      category_id: null,
      name: 'Uncategorised',
      color: null,
      spent: 4500,
      band: 'over',
      unbudgeted: true,
    }),
  ],
});

/** Leisure and Old hobby are hidden from the pickers; Leisure has spending, so it stays. */
const CATEGORIES = valid(categoryListSchema, {
  data: [10, 11, 12, 13].map((id) => ({
    id,
    name: MARCH.data.find((r) => r.category_id === id)?.name ?? '',
    type: 'expense' as const,
    color: null,
    icon: null,
    system: false,
    hidden: id === 12 || id === 13,
    subcategories: [],
  })),
});

const rowOf = (id: number | 'uncategorised') => screen.getByTestId(`budget-row-${id}`);

describe('the budget page', () => {
  renderingInEnglish(['reports']);

  it("shows the month's summary and each category's budget, spending and band", async () => {
    const api = stubApi({ ...userAnswers(), '/category/budget': MARCH, '/category': CATEGORIES });
    renderPage('/budget', `/budget?month=${MONTH}`, <BudgetPage />);

    await screen.findByTestId('budget-rows');
    expect(api.to('/category/budget')[0]?.searchParams.get('month')).toBe(MONTH);
    expect(screen.getByRole('heading', { name: 'Summary of March 2026' })).toBeTruthy();
    const summary = screen.getByTestId('budget-summary');
    expect(within(summary).getByTestId('summary-planned').textContent).toBe('R$2,300.00');
    expect(within(summary).getByTestId('summary-spent').textContent).toBe('R$2,485.00');
    expect(within(summary).getByTestId('summary-available').textContent).toBe('-R$185.00');
    expect(within(summary).getByTestId('count-near').textContent).toBe('Near the limit: 1');
    expect(within(summary).getByTestId('count-over').textContent).toBe('Over the limit: 1');

    const groceries = rowOf(10);
    expect(groceries.textContent).toContain('Groceries');
    expect(within(groceries).getByTestId('budget-value').textContent).toBe('R$800.00');
    expect(within(groceries).getByTestId('budget-spent').textContent).toBe('R$700.00');
    expect(groceries.textContent).toContain('87.5% of the budget · near the limit');
    // The spending links to the entries behind it.
    expect(within(groceries).getByTestId('budget-spent').getAttribute('href')).toContain('category_id=10');
    expect(rowOf(11).textContent).toContain('108% of the budget · over the limit');

    // Spending without a budget says so; so does the month's uncategorised spending.
    expect(within(rowOf(12)).getByTestId('unbudgeted').textContent).toBe('Spending without a budget');
    expect(rowOf('uncategorised').textContent).toContain('R$45.00');
    // A hidden category with neither budget nor spending is not offered.
    expect(screen.queryByTestId('budget-row-13')).toBeNull();
    expect(api.unanswered).toEqual([]);
  });

  it('with no budget set: the spending and how to set budgets, never a negative "available" (issue 23 #13c)', async () => {
    const none = valid(categoryBudgetListSchema, {
      month: MONTH,
      summary: { planned: 0, spent: 401170, available: -401170, within: 0, near: 0, over: 0 },
      data: MARCH.data.map((r) => ({
        ...r,
        budget_id: null,
        budget: 0,
        percent: null,
        unbudgeted: r.spent > 0,
      })),
    });
    stubApi({ ...userAnswers(), '/category/budget': none, '/category': CATEGORIES });
    renderPage('/budget', `/budget?month=${MONTH}`, <BudgetPage />);
    await screen.findByTestId('budget-rows');
    const summary = screen.getByTestId('budget-summary');
    expect(within(summary).getByTestId('summary-spent').textContent).toBe('R$4,011.70');
    expect(within(summary).queryByTestId('summary-available')).toBeNull();
    expect(within(summary).queryByTestId('summary-planned')).toBeNull();
    expect(within(summary).queryByText(/Available/)).toBeNull();
    expect(within(summary).getByTestId('summary-none').textContent).toContain('Fill from history');
  });

  it('lists the spending of each subcategory when asked', async () => {
    stubApi({ ...userAnswers(), '/category/budget': MARCH, '/category': CATEGORIES });
    renderPage('/budget', `/budget?month=${MONTH}`, <BudgetPage />);
    await screen.findByTestId('budget-rows');
    fireEvent.click(screen.getByRole('button', { name: 'Show subcategories of Groceries' }));
    const list = await screen.findByLabelText('Subcategories of Groceries');
    expect(list.textContent).toContain('Supermarket');
    expect(list.textContent).toContain('R$620.00');
    expect(list.textContent).toContain('R$80.00');
  });

  it('saves a new budget for a category that has none, for the month shown', async () => {
    const posted: unknown[] = [];
    stubApi({
      ...userAnswers(),
      '/category/budget': MARCH,
      '/category': CATEGORIES,
      '/budget': () => new Response(null, { status: 201 }),
    });
    const fetchStub = vi.mocked(fetch);
    renderPage('/budget', `/budget?month=${MONTH}`, <BudgetPage />);
    await screen.findByTestId('budget-rows');

    fireEvent.click(screen.getByRole('button', { name: 'Set a budget for Leisure' }));
    fireEvent.change(screen.getByLabelText('Budget of Leisure'), { target: { value: '150.00' } });
    fireEvent.click(within(rowOf(12)).getByRole('button', { name: 'Save' }));
    await waitFor(() => {
      for (const [input, init] of fetchStub.mock.calls)
        if (String(input).endsWith('/budget') && init?.method === 'POST') posted.push(init.body);
      expect(posted).toHaveLength(1);
    });
    expect(JSON.parse(String(posted[0]))).toEqual({ category_id: 12, month: MONTH, value: 15000 });
  });

  it('says so when the month cannot be loaded, with a retry', async () => {
    stubApi({
      ...userAnswers(),
      '/category/budget': () => new Response('{}', { status: 500 }),
      '/category': CATEGORIES,
    });
    renderPage('/budget', `/budget?month=${MONTH}`, <BudgetPage />);
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
