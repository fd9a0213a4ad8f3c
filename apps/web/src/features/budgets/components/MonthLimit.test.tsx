import { categoryBudgetListSchema } from '@centavo/shared';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n } from '../../../lib/i18n.ts';
import { renderPage, stubApi, valid } from '../../../test/render-page.tsx';
import { userAnswers } from '../../../test/user-answers.ts';
import { BudgetPage } from '../pages/BudgetPage.tsx';
import { CATEGORIES, MARCH, MONTH } from '../pages/budget-page.test-fixture.ts';

/** March with an overall limit of 2,400.00 against its 2,485.00 of spending: over. */
const LIMITED = valid(categoryBudgetListSchema, {
  ...MARCH,
  limit: { value: 240000, spent: 248500, remaining: -8500, percent: 103.5, band: 'over' },
});

/** The body of each write the page sent to `path` with `method`. */
function writes(method: string, path: string): Array<{ url: string; body: unknown }> {
  return vi
    .mocked(fetch)
    .mock.calls.filter(([input, init]) => String(input).includes(path) && init?.method === method)
    .map(([input, init]) => ({
      url: String(input),
      body: init?.body ? JSON.parse(String(init.body)) : null,
    }));
}

describe("the budget page's monthly limit", () => {
  beforeAll(async () => {
    await initI18n('en');
    await i18n.loadNamespaces(['reports']);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows the limit against the month’s spending in the band of the category budgets', async () => {
    stubApi({ ...userAnswers(), '/category/budget': LIMITED, '/category': CATEGORIES });
    renderPage('/budget', `/budget?month=${MONTH}`, <BudgetPage />);
    const limit = await screen.findByTestId('month-limit');
    expect(within(limit).getByRole('heading', { name: 'Monthly limit' })).toBeTruthy();
    expect(limit.getAttribute('data-band')).toBe('over');
    expect(within(limit).getByTestId('limit-value').textContent).toBe('R$2,400.00');
    // The month's spending, the summary's figure, linked to the month's expenses.
    const spent = within(limit).getByTestId('limit-spent');
    expect(spent.textContent).toBe('R$2,485.00');
    expect(spent.getAttribute('href')).toContain('operation_id=2');
    expect(within(limit).getByTestId('limit-remaining').textContent).toBe('-R$85.00');
    expect(within(limit).getByTestId('limit-band').textContent).toBe('103.5% of the limit · over the limit');
    expect(within(limit).getByRole('progressbar').getAttribute('aria-label')).toBe(
      'Monthly limit: 103.5% of the limit',
    );
  });

  it('sets a limit for the month shown, refusing what is not an amount', async () => {
    stubApi({
      ...userAnswers(),
      '/category/budget': MARCH,
      '/category': CATEGORIES,
      '/budget/limit': { month: MONTH, value: 300000 },
    });
    renderPage('/budget', `/budget?month=${MONTH}`, <BudgetPage />);
    const limit = await screen.findByTestId('month-limit');
    expect(limit.textContent).toContain('No overall limit for March 2026');
    fireEvent.click(within(limit).getByRole('button', { name: 'Set a monthly limit' }));
    const input = within(limit).getByLabelText('Limit of March 2026');
    fireEvent.change(input, { target: { value: 'a lot' } });
    fireEvent.click(within(limit).getByRole('button', { name: 'Save' }));
    expect(await within(limit).findByText('Enter an amount of zero or more')).toBeTruthy();
    expect(writes('PUT', '/budget/limit')).toEqual([]);

    fireEvent.change(input, { target: { value: '3,000.00' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect(writes('PUT', '/budget/limit')).toHaveLength(1));
    expect(writes('PUT', '/budget/limit')[0]?.body).toEqual({ month: MONTH, value: 300000 });
  });

  it('changes and removes the limit', async () => {
    stubApi({
      ...userAnswers(),
      '/category/budget': LIMITED,
      '/category': CATEGORIES,
      '/budget/limit': () => new Response(null, { status: 204 }),
    });
    renderPage('/budget', `/budget?month=${MONTH}`, <BudgetPage />);
    const limit = await screen.findByTestId('month-limit');
    fireEvent.click(within(limit).getByRole('button', { name: 'Change the limit of March 2026' }));
    expect((within(limit).getByLabelText('Limit of March 2026') as HTMLInputElement).value).toBe('2,400.00');
    fireEvent.click(within(limit).getByRole('button', { name: 'Cancel' }));
    fireEvent.click(within(limit).getByRole('button', { name: 'Remove the limit of March 2026' }));
    await waitFor(() => expect(writes('DELETE', '/budget/limit')).toHaveLength(1));
    expect(
      new URL(writes('DELETE', '/budget/limit')[0]?.url ?? '', 'http://x').searchParams.get('month'),
    ).toBe(MONTH);
  });
});
