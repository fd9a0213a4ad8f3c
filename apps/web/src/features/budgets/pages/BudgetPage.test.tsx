import { categoryBudgetListSchema } from '@centavo/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderPage, stubApi, valid } from '../../../test/render-page.tsx';
import { renderingInEnglish } from '../../../test/rendering.ts';
import { userAnswers } from '../../../test/user-answers.ts';
import { BudgetPage } from './BudgetPage.tsx';
import { CATEGORIES, MARCH, MONTH } from './budget-page.test-fixture.ts';

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
      limit: null,
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
