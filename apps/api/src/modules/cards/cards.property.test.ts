import fc from 'fast-check';
import { afterAll, beforeAll, describe } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/app.ts';
import { TEST_DB_KIND } from '../../../test/database.ts';
import { applyCardOp, checkCardFigures, createWorld, isRefusal } from '../../../test/ledger/cards-harness.ts';
import { type Op, opArb, purchaseOp } from '../../../test/ledger/cards-ops.ts';
import { itHolds } from '../../../test/property.ts';

/**
 * Issue #10: after random sequences of card purchases (single, installments, fixed), refunds, moves between
 * invoices, edits and deletes, invoice date overrides, card day changes, full, partial and over-payments and
 * their undo, every card aggregate row, every invoice's figures, every account balance and every card's
 * available limit equal a recomputation from the entries (test/ledger/cards-harness.ts, shared with the concurrency property test). Services are driven directly (HTTP is covered by
 * cards.test.ts); each run uses a fresh user. Replay with PROPERTY_SEED (and PROPERTY_RUNS).
 * Issue 18 adds early payments (before the due date nothing is carried), refunds in the purchase's expense
 * category, fixed charges moved at creation and with their series, date overrides up to the 15-day bound
 * (and one past it, refused) and card-day changes (the seed is fixed in CI: vitest.config.ts).
 */
const MAX_STEPS = TEST_DB_KIND === 'postgres' ? 4 : 7;

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx.close());

async function runOps(ops: Op[]): Promise<void> {
  const world = await createWorld(ctx.database.db);
  for (const op of ops) {
    try {
      await applyCardOp(world, op);
    } catch (error) {
      // Refused input (a move two invoices away, closing after due, overpaying) is a 4xx that changes nothing.
      if (!isRefusal(error)) throw error;
    }
  }
  await checkCardFigures(world);
}

describe('cards property: invoices, limits and balances equal a recomputation from the entries', () => {
  itHolds(
    'random sequences',
    // A run starts with purchases so that payments, moves and overrides have something to act on.
    fc.tuple(
      fc.array(purchaseOp, { minLength: 1, maxLength: 2 }),
      fc.array(opArb, { minLength: 1, maxLength: MAX_STEPS }),
    ),
    ([purchases, ops]) => runOps([...purchases, ...ops]),
    // PostgreSQL runs a quarter of the sequences: the arithmetic checked is the same on both databases, and
    // 250 sequences of every operation cover what PostgreSQL adds (its SQL, types and locks) in a quarter of
    // the time (this file was 186 s of the CI's PostgreSQL run at 1 000). PROPERTY_RUNS sets either.
    { runs: TEST_DB_KIND === 'postgres' ? 250 : 1000, timeout: 900_000 },
  );
});
