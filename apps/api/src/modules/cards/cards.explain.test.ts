import { addMonths, dateInMonth } from '@centavo/shared';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../test/app.ts';
import { explainFile } from '../../../test/explain.ts';
import { createEntry } from '../entries/create.service.ts';
import { cardTotalsQuery } from '../money-core/card-totals.repository.ts';
import { invoiceEntriesQuery } from './cards.repository.ts';
import { createCard } from './cards.service.ts';

/**
 * QUALITY.md guard for the card reads: an invoice's entries are a range of entries_user_card_invoice, and the invoice figures and limits read card_invoice_totals by its key (never entries).
 */
const { ctx, db, kind, plan } = await explainFile();
let userId: number;
let cardId: number;

beforeAll(async () => {
  for (const label of ['other', 'subject']) {
    const user = await createUser(ctx, label);
    const card = await createCard(db, user.id, {
      name: 'C',
      limit: 1_000_000,
      close_day: 10,
      expiration_day: 17,
      archived: false,
    });
    for (let m = 0; m < 24; m++) {
      for (let d = 1; d <= 15; d++) {
        await createEntry(db, user.id, {
          description: `p${m}-${d}`,
          value: 100 + d,
          date: dateInMonth(addMonths('2025-01', m), d * 2),
          operation_id: 2,
          category_id: 3,
          card_id: card.id,
          paid: false,
          fixed: false,
          limit_fixed_date: null,
        });
      }
    }
    userId = user.id;
    cardId = card.id;
  }
  await sql`analyze`.execute(db);
}, 120_000);

describe('EXPLAIN guard (cards)', () => {
  it("an invoice's entries range-scan entries_user_card_invoice in ORDER BY order", async () => {
    const text = await plan(invoiceEntriesQuery(db, userId, cardId, '2026-03'));
    expect(text).toContain('entries_user_card_invoice');
    // PostgreSQL answers an invoice's few rows with a bitmap scan of the index and a sort of those rows (its
    // cheapest plan for ~15 rows); SQLite walks the index in order.
    if (kind === 'sqlite') expect(text).not.toMatch(/TEMP B-TREE/);
  });

  it('invoice figures and limits read card_invoice_totals by its key, never entries', async () => {
    for (const query of [cardTotalsQuery(db, userId, [cardId], '2026-03'), cardTotalsQuery(db, userId)]) {
      const text = await plan(query);
      expect(text).not.toMatch(/\bentries\b/);
      if (kind === 'sqlite') {
        expect(text).toMatch(/card_invoice_totals USING PRIMARY KEY|card_invoice_totals USING INDEX/);
        expect(text).not.toMatch(/TEMP B-TREE/);
      } else {
        expect(text).toContain('card_invoice_totals_key');
        expect(text).not.toContain('"Node Type":"Sort"');
      }
    }
  });
});
