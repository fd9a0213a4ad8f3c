import { invoiceSchema } from '@centavo/shared';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n } from '../../../lib/i18n.ts';
import { accountFixture, cardFixture, invoiceFixture } from '../../../test/fixtures.ts';
import { renderPage, stubApi, valid } from '../../../test/render-page.tsx';
import { userAnswers } from '../../../test/user-answers.ts';
import { entryFixture } from '../../entries/lib/entry.test-fixture.ts';
import { CardPage } from './CardPage.tsx';

const CARD_ENTRY = { card_id: 1, account_id: null, invoice_id: 40, invoice_month: '2026-04' };

/** April's invoice of the card as GET /card/1/invoice?month=2026-04 answers it: closed, paid in part. */
const APRIL = valid(invoiceSchema, {
  ...invoiceFixture({
    id: 40,
    card_id: 1,
    month: '2026-04',
    close_date: '2026-04-03',
    due_date: '2026-04-10',
    purchases: 132000,
    refunds: 2000,
    previous_balance: 10000,
    paid_amount: 50000,
    status: 'partial',
  }),
  entries: [
    entryFixture({ id: 1, description: 'Laptop', value: 120000, date: '2026-03-05', ...CARD_ENTRY }),
    entryFixture({
      id: 2,
      description: 'Sofa',
      value: 12000,
      date: '2026-03-20',
      series_id: 9,
      installment_number: 2,
      installment_count: 10,
      ...CARD_ENTRY,
    }),
    entryFixture({
      id: 3,
      description: 'Returned cable',
      value: 2000,
      date: '2026-03-20',
      operation_id: 1,
      ...CARD_ENTRY,
    }),
  ],
  payments: [entryFixture({ id: 4, description: 'Card payment', value: 50000, date: '2026-04-08' })],
});

const MAY = invoiceFixture({
  id: 41,
  card_id: 1,
  month: '2026-05',
  close_date: '2026-05-03',
  due_date: '2026-05-10',
});

function answers() {
  return {
    ...userAnswers(),
    '/card': {
      data: [cardFixture({ id: 1, name: 'Nubank', limit: 500000, available_limit: 390000, invoice: APRIL })],
    },
    '/card/1/invoice': (url: URL) =>
      url.searchParams.get('month') === '2026-05' ? { ...MAY, entries: [], payments: [] } : APRIL,
    '/account': { data: [accountFixture({ id: 1, name: 'Checking', balance: 300000 })] },
  };
}

describe('the card page', () => {
  beforeAll(async () => {
    await initI18n('en');
    await i18n.loadNamespaces(['cards', 'entries']);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows the limit and the invoice: its dates, figures, entries by day and payments', async () => {
    const api = stubApi(answers());
    renderPage('/card/:id', '/card/1?month=2026-04', <CardPage />);

    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Nubank');
    expect(screen.getByTestId('available-limit').textContent).toBe('Available R$3,900.00');
    expect(screen.getByText('Used R$1,100.00')).toBeTruthy();

    expect(screen.getByTestId('invoice-month').textContent).toBe('Invoice of April 2026');
    expect((await screen.findByTestId('invoice-status')).textContent).toBe('Paid in part');
    expect(api.to('/card/1/invoice')[0]?.searchParams.get('month')).toBe('2026-04');
    expect(screen.getByText('Closes Apr 3')).toBeTruthy();
    expect(screen.getByText('Due Apr 10')).toBeTruthy();
    expect(screen.getByTestId('invoice-purchases').textContent).toBe('R$1,320.00');
    expect(screen.getByTestId('invoice-refunds').textContent).toBe('R$20.00');
    expect(screen.getByTestId('invoice-total').textContent).toBe('R$1,400.00');
    expect(screen.getByTestId('invoice-paid').textContent).toBe('R$500.00');
    expect(screen.getByTestId('invoice-outstanding').textContent).toBe('R$900.00');

    const entries = screen.getAllByTestId('invoice-entry').map((row) => row.textContent);
    expect(entries).toHaveLength(3);
    expect(entries[0]).toContain('Laptop');
    expect(entries[1]).toContain('Sofa2/10');
    expect(entries[2]).toContain('Returned cableRefund');
    const list = screen.getByTestId('invoice-entries');
    expect(list.textContent).toMatch(/^Mar 5Laptop.*Mar 20Sofa/);
    expect(
      within(screen.getAllByTestId('invoice-payment')[0] as HTMLElement).getByText(/R\$500\.00/),
    ).toBeTruthy();
    expect(api.unanswered).toEqual([]);
  });

  it("edit dates: the closing date's hint sits under the closing date (issue 23 #13a)", async () => {
    stubApi(answers());
    renderPage('/card/:id', '/card/1?month=2026-04', <CardPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit dates' }));
    const dialog = await screen.findByRole('dialog');
    // The calendar's chunk loaded (the placeholder before it is disabled).
    await waitFor(() =>
      expect(
        within(dialog)
          .getByRole('textbox', { name: /Closing date/ })
          .hasAttribute('disabled'),
      ).toBe(false),
    );
    const close = within(dialog).getByRole('textbox', { name: /Closing date/ });
    const hint = within(dialog).getByText('From this day, purchases go to the following invoice');
    // Announced with the closing date, and between it and the due date on screen.
    expect(close.getAttribute('aria-describedby')).toContain(hint.id);
    const due = within(dialog).getByRole('textbox', { name: /Due date/ });
    expect(close.compareDocumentPosition(hint) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(hint.compareDocumentPosition(due) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('moves to the next invoice, and says when it has no purchases', async () => {
    const api = stubApi(answers());
    renderPage('/card/:id', '/card/1?month=2026-04', <CardPage />);
    await screen.findByTestId('invoice-status');
    fireEvent.click(screen.getByTestId('invoice-next'));
    expect(await screen.findByText('No purchases in this invoice')).toBeTruthy();
    expect(screen.getByTestId('invoice-month').textContent).toBe('Invoice of May 2026');
    expect(api.to('/card/1/invoice').map((url) => url.searchParams.get('month'))).toEqual([
      '2026-04',
      '2026-05',
    ]);
  });

  it('moves an entry to the next invoice with one PUT of its invoice month', async () => {
    stubApi({
      ...answers(),
      '/entry/2': { ...APRIL.entries?.[1], invoice_month: '2026-05' },
    });
    const calls = vi.mocked(fetch).mock.calls;
    renderPage('/card/:id', '/card/1?month=2026-04', <CardPage />);
    await screen.findByTestId('invoice-status');
    fireEvent.click(screen.getByRole('button', { name: 'Move Sofa to the next invoice' }));
    await waitFor(() => expect(calls.some(([input]) => String(input).includes('/entry/2'))).toBe(true));
    const [input, init] = calls.find(([input]) => String(input).includes('/entry/2')) ?? [];
    expect(init?.method).toBe('PUT');
    expect(String(input)).toContain('scope=one');
    expect(JSON.parse(String(init?.body))).toEqual({ invoice_month: '2026-05' });
  });

  it('says so for a card that does not exist', async () => {
    stubApi(answers());
    renderPage('/card/:id', '/card/99', <CardPage />);
    expect(await screen.findByText('This card does not exist.')).toBeTruthy();
  });
});
