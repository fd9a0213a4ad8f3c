import type { Account, Card, Entry } from '@centavo/shared';
import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { changeLocale, i18n } from '../../../lib/i18n.ts';
import { renderingInEnglish } from '../../../test/rendering.ts';
import { entryFixture } from '../lib/entry.test-fixture.ts';
import { entryEffect } from '../lib/group-by-day.ts';
import { EntryRow } from './EntryRow.tsx';
import { buildLookups } from './lookups.ts';

/** Issue 23 #1, #3: card purchases and invoice payments in the entries list. */
const base: Entry = entryFixture({
  id: 1,
  description: 'Mercado',
  value: 5000,
  date: '2026-11-20',
  account_id: null,
  card_id: 7,
  invoice_month: '2026-12',
});

const lookups = buildLookups(
  [{ id: 3, name: 'Itaú corrente' } as Account],
  [],
  [],
  [{ id: 7, name: 'Nubank' } as Card],
);
const actions = { onEdit: () => {}, onDelete: () => {}, onTogglePaid: () => {} };

function renderRow(entry: Entry, locale = 'en-US') {
  render(
    <MantineProvider>
      <EntryRow
        entry={entry}
        lookups={lookups}
        actions={actions}
        last
        format={(cents) => (cents / 100).toFixed(2)}
        locale={locale}
        t={i18n.getFixedT(null, 'entries')}
      />
    </MantineProvider>,
  );
}

describe('EntryRow', () => {
  renderingInEnglish(['entries']);

  it('names the card of a purchase and offers no paid control (the invoice pays it)', () => {
    renderRow(base);
    expect(screen.queryByTestId('paid-toggle')).toBeNull();
    expect(screen.queryByText(/no account/i)).toBeNull();
    expect(screen.getByText(/Nubank/).textContent).toContain('Nubank');
    expect(screen.getByRole('img', { name: 'Paid with the Nubank invoice' })).toBeTruthy();
  });

  it('reads an invoice payment as "Fatura de dezembro · Nubank", from the account to the card, as money out', async () => {
    const payment = {
      ...base,
      id: 2,
      description: 'Pagamento da fatura Nubank (2026-12)',
      operation_id: 4,
      account_id: 3,
      invoice_id: 11,
      paid: true,
      date: '2026-12-10',
    };
    await changeLocale('br');
    renderRow(payment, 'pt-BR');
    expect(screen.getByTestId('entry-description').textContent).toBe('Fatura de dezembro · Nubank');
    expect(screen.getByText('Itaú corrente → Nubank')).toBeTruthy();
    expect(screen.getByTestId('entry-amount').getAttribute('data-tone')).toBe('negative');
    expect(screen.getByTestId('paid-toggle')).toBeTruthy();
    expect(entryEffect(payment)).toBe(-5000);
  });
});
