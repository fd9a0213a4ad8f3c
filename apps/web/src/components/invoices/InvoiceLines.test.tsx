import { categoryListSchema, invoiceSchema } from '@centavo/shared';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { entryFixture } from '../../features/entries/lib/entry.test-fixture.ts';
import { i18n, initI18n } from '../../lib/i18n.ts';
import { accountFixture, cardFixture, invoiceFixture } from '../../test/fixtures.ts';
import { renderPage, stubApi, valid } from '../../test/render-page.tsx';
import { userAnswers } from '../../test/user-answers.ts';
import { InvoiceLines } from './InvoiceLines.tsx';

const CARD_ENTRY = { card_id: 1, account_id: null, invoice_id: 40, invoice_month: '2026-12' };

/** December's invoice of the card: a fridge in 10 installments, a refund, a purchase without a category. */
const DECEMBER = valid(invoiceSchema, {
  ...invoiceFixture({
    id: 40,
    card_id: 1,
    month: '2026-12',
    close_date: '2026-12-03',
    due_date: '2026-12-10',
    purchases: 40989,
    refunds: 4990,
  }),
  entries: [
    entryFixture({
      id: 1,
      description: 'Geladeira',
      value: 35999,
      date: '2026-11-20',
      category_id: 3,
      series_id: 9,
      installment_number: 3,
      installment_count: 10,
      ...CARD_ENTRY,
    }),
    entryFixture({
      id: 2,
      description: 'Estorno loja',
      value: 4990,
      date: '2026-11-21',
      operation_id: 1,
      category_id: 3,
      ...CARD_ENTRY,
    }),
    entryFixture({ id: 3, description: 'Padaria', value: 4990, date: '2026-11-22', ...CARD_ENTRY }),
  ],
  payments: [],
});

const LINE = {
  id: 40,
  card_id: 1,
  month: '2026-12',
  due_date: '2026-12-10',
  total: DECEMBER.total,
  previous_balance: 0,
  paid_amount: 0,
  outstanding: DECEMBER.total,
  status: 'closed' as const,
};

function answers(invoice: unknown = DECEMBER) {
  return {
    ...userAnswers(),
    '/card': { data: [cardFixture({ id: 1, name: 'Nubank', limit: 500000, invoice: DECEMBER })] },
    '/account': { data: [accountFixture({ id: 1, name: 'Itaú' })] },
    '/category': valid(categoryListSchema, {
      data: [
        {
          id: 3,
          name: 'Food',
          type: 'expense',
          color: null,
          icon: null,
          system: true,
          hidden: false,
          subcategories: [],
        },
      ],
    }),
    '/invoice/40': invoice,
  };
}

describe("the entries list's invoice line", () => {
  beforeAll(async () => {
    await initI18n('en');
    await i18n.loadNamespaces(['cards']);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('opens to its purchases, read from the invoice the first time only, with a link to the invoice', async () => {
    const api = stubApi(answers());
    renderPage('/entries/list', '/entries/list', <InvoiceLines invoices={[LINE]} />);
    const toggle = await screen.findByRole('button', { name: /^Invoice · Nubank/ });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    // Closed, the purchases are not asked for.
    expect(api.to('/invoice/40')).toHaveLength(0);

    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const list = await screen.findByRole('list', { name: 'Purchases of the invoice · Nubank' });
    expect(toggle.getAttribute('aria-controls')).toBe(
      screen.getByTestId('invoice-line-purchases').parentElement?.closest('[id]')?.id,
    );
    const rows = within(list)
      .getAllByTestId('invoice-purchase')
      .map((row) => row.textContent);
    expect(rows).toEqual([
      'Geladeira3/10Food · Nov 20-R$359.99',
      'Estorno lojaRefundFood · Nov 21R$49.90',
      'PadariaUncategorised · Nov 22-R$49.90',
    ]);
    const link = screen.getByRole('link', { name: 'See the whole invoice' });
    expect(link.getAttribute('href')).toBe('/card/1?month=2026-12');

    // Closed and opened again: the purchases are still there, not asked for again.
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(within(screen.getByTestId('invoice-line')).getAllByTestId('invoice-purchase')).toHaveLength(3);
    expect(api.to('/invoice/40')).toHaveLength(1);
    expect(api.unanswered).toEqual([]);
  });

  it('says so when the purchases cannot be loaded, with a retry', async () => {
    let calls = 0;
    stubApi(
      answers(() => {
        calls += 1;
        return calls === 1 ? new Response('{}', { status: 500 }) : DECEMBER;
      }),
    );
    renderPage('/entries/list', '/entries/list', <InvoiceLines invoices={[LINE]} />);
    fireEvent.click(await screen.findByRole('button', { name: /^Invoice · Nubank/ }));
    fireEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getAllByTestId('invoice-purchase')).toHaveLength(3));
  });
});
