import { addMonths, currentMonth, dateInMonth, OPERATIONS } from '@centavo/shared';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { removeAccount } from '../../src/modules/accounts/accounts.service.ts';
import { replicateBudgets } from '../../src/modules/budgets/budgets.service.ts';
import { deleteCategory } from '../../src/modules/categories/categories.service.ts';
import { createEntry } from '../../src/modules/entries/create.service.ts';
import { deleteEntry, setEntryPaid, updateEntry } from '../../src/modules/entries/update.service.ts';
import { createTestApp, type TestContext } from '../app.ts';
import { TEST_DB_KIND } from '../database.ts';
import { itHolds, propertySeed } from '../property.ts';
import { applyCardOp, checkCardFigures, createWorld, isRefusal, type World } from './cards-harness.ts';
import { opArb as cardOpArb } from './cards-ops.ts';
import { expectAggregatesMatchEntries } from './recompute.ts';

/**
 * Issue 17 (QUALITY.md "Concurrency is tested, not assumed"): random batches of SIMULTANEOUS writes on a few
 * shared rows — the cards property harness's operations (purchases, installments, fixed charges, refunds,
 * moves, edits, deletes, invoice date overrides, card days, payments and undos) plus account entries,
 * transfers, paid toggles, budget replication, and the deletion of a category and of an account with their
 * entries — then every balance, invoice, available limit and aggregate (budgets and reports read them) equals
 * a recomputation from the entries. Each batch runs its writes at once (Promise.all; on PostgreSQL each on its
 * own pooled connection). A refused write (4xx, or the 409 of a lost race) changes nothing.
 *
 * Seed: the run's PROPERTY_SEED (vitest.config.ts: fixed under CI, random otherwise; printed); replay with
 * PROPERTY_SEED and CONCURRENCY_RUNS. Seed 1717 failed at its 5th run on PostgreSQL before issue 17's locks.
 */
const month0 = currentMonth();

const ledgerOpArb = fc.oneof(
  fc.record({
    kind: fc.constant('spend' as const),
    account: fc.integer({ min: 0, max: 1 }),
    mine: fc.boolean(),
    value: fc.integer({ min: 1, max: 50_000 }),
    paid: fc.boolean(),
    day: fc.integer({ min: 1, max: 28 }),
  }),
  fc.record({
    kind: fc.constant('transfer' as const),
    from: fc.integer({ min: 0, max: 1 }),
    value: fc.integer({ min: 1, max: 50_000 }),
    paid: fc.boolean(),
  }),
  fc.record({ kind: fc.constant('toggle' as const), pick: fc.nat(), paid: fc.boolean() }),
  fc.record({
    kind: fc.constant('revalue' as const),
    pick: fc.nat(),
    value: fc.integer({ min: 1, max: 50_000 }),
  }),
  fc.record({ kind: fc.constant('remove' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('replicate' as const), months: fc.integer({ min: 1, max: 3 }) }),
  fc.record({ kind: fc.constant('dropCategory' as const) }),
  fc.record({ kind: fc.constant('dropAccount' as const) }),
);
const opArb = fc.oneof({ weight: 3, arbitrary: cardOpArb }, { weight: 4, arbitrary: ledgerOpArb });
type Op = typeof opArb extends fc.Arbitrary<infer T> ? T : never;
type LedgerOp = typeof ledgerOpArb extends fc.Arbitrary<infer T> ? T : never;
type CardOp = Exclude<Op, LedgerOp>;
const LEDGER_KINDS = new Set([
  'spend',
  'transfer',
  'toggle',
  'revalue',
  'remove',
  'replicate',
  'dropCategory',
  'dropAccount',
]);
const isCardOp = (op: Op): op is CardOp => !LEDGER_KINDS.has(op.kind);

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx.close());

interface LedgerWorld extends World {
  category: number;
}

/** The cards harness's user, plus an expense category of the user's own and this month's budgets. */
async function createLedgerWorld(): Promise<LedgerWorld> {
  const world = await createWorld(ctx.database.db);
  const { db, userId } = world;
  const now = new Date().toISOString();
  const category = await db
    .insertInto('categories')
    .values({
      user_id: userId,
      name: 'Mine',
      name_br: null,
      type: 'expense',
      color: null,
      icon: null,
      system: 0,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('budgets')
    .values(
      [3, category.id].map((id) => ({
        user_id: userId,
        category_id: id,
        month: month0,
        value: 10_000,
        active: 1,
        created_at: now,
        updated_at: now,
      })),
    )
    .execute();
  return { ...world, category: category.id };
}

/** An account entry of the user (not a card entry, not an invoice payment), by position. */
async function pickAccountEntry(world: LedgerWorld, pick: number): Promise<number | undefined> {
  const rows = await world.db
    .selectFrom('entries')
    .select('id')
    .where('user_id', '=', world.userId)
    .where('card_id', 'is', null)
    .orderBy('id')
    .execute();
  return rows.length === 0 ? undefined : (rows[pick % rows.length] as { id: number }).id;
}

async function applyLedgerOp(world: LedgerWorld, op: LedgerOp): Promise<void> {
  const { db, userId, accounts } = world;
  const account = (i: number) => accounts[i] as number;
  if (op.kind === 'spend') {
    await createEntry(db, userId, {
      description: 's',
      value: op.value,
      date: dateInMonth(month0, op.day),
      operation_id: OPERATIONS.expense,
      category_id: op.mine ? world.category : 3,
      account_id: account(op.account),
      paid: op.paid,
      fixed: false,
      limit_fixed_date: null,
      installments: null,
    });
  } else if (op.kind === 'transfer') {
    await createEntry(db, userId, {
      description: 't',
      value: op.value,
      date: dateInMonth(month0, 10),
      operation_id: OPERATIONS.transfer,
      account_id: account(op.from),
      destination_account_id: account(1 - op.from),
      paid: op.paid,
      fixed: false,
      limit_fixed_date: null,
      installments: null,
    });
  } else if (op.kind === 'toggle' || op.kind === 'revalue' || op.kind === 'remove') {
    const id = await pickAccountEntry(world, op.pick);
    if (id === undefined) return;
    if (op.kind === 'toggle') await setEntryPaid(db, userId, id, op.paid);
    else if (op.kind === 'revalue')
      await updateEntry(db, userId, id, { value: op.value, limit_fixed_date: undefined }, 'one');
    else await deleteEntry(db, userId, id, 'one');
  } else if (op.kind === 'replicate') {
    await replicateBudgets(db, userId, {
      month: month0,
      to_month: addMonths(month0, op.months),
      overwrite: false,
    });
  } else if (op.kind === 'dropCategory') {
    await deleteCategory(db, userId, world.category, { category_id: 3 });
  } else {
    // The second account (transfers' other side, some payments): with all its entries.
    await removeAccount(db, userId, account(1), true);
  }
}

async function runBatches(batches: Op[][]): Promise<void> {
  const world = await createLedgerWorld();
  for (const batch of batches) {
    await Promise.all(
      batch.map(async (op) => {
        try {
          if (isCardOp(op)) await applyCardOp(world, op);
          else await applyLedgerOp(world, op);
        } catch (error) {
          if (!isRefusal(error)) throw error;
        }
      }),
    );
  }
  const remaining = await world.db
    .selectFrom('accounts')
    .select('id')
    .where('user_id', '=', world.userId)
    .execute();
  // A deleted account drops out of the balance check (its entries went with it).
  const accounts = world.accounts.filter((id) => remaining.some((r) => r.id === id));
  await checkCardFigures({ ...world, accounts });
  await expectAggregatesMatchEntries(world.db, world.userId, `seed ${propertySeed}`);
  const budgets = await world.db
    .selectFrom('budgets')
    .select(['month', 'category_id'])
    .where('user_id', '=', world.userId)
    .execute();
  const keys = budgets.map((b) => `${b.month}|${b.category_id}`);
  expect(new Set(keys).size, 'one budget per month and category').toBe(keys.length);
}

describe('concurrency property: simultaneous writes leave every figure equal to a recomputation', () => {
  itHolds(
    'runs of random batches',
    fc.array(fc.array(opArb, { minLength: 2, maxLength: 4 }), { minLength: 2, maxLength: 4 }),
    runBatches,
    { runs: TEST_DB_KIND === 'postgres' ? 25 : 50, runsVariable: 'CONCURRENCY_RUNS', timeout: 600_000 },
  );
});
