import { addMonths, dateInMonth, OPERATIONS } from '@centavo/shared';
import type { AutocannonRequest } from 'autocannon';
import { type Db, openDatabase } from '../../apps/api/src/db/connection.ts';
import { inTransaction } from '../../apps/api/src/db/transaction.ts';
import { findAccounts } from '../../apps/api/src/modules/accounts/accounts.repository.ts';
import {
  createCard,
  getCardInvoice,
  listCards,
  payInvoice,
} from '../../apps/api/src/modules/cards/cards.service.ts';
import { createEntry } from '../../apps/api/src/modules/entries/create.service.ts';
import { findCardTotals } from '../../apps/api/src/modules/money-core/card-totals.repository.ts';
import { type DbKind, ensureDataset, workingCopy } from '../datasets/load.ts';
import { monthAt } from '../datasets/model.ts';
import { DATASETS } from '../datasets/spec.ts';
import { type BenchContext, type Benchmark, push } from '../lib/context.ts';
import { load, opsPerSecond } from '../lib/load.ts';
import type { Server } from '../lib/proc.ts';
import { type BenchResult, metric } from '../lib/report.ts';
import { bearer, startApp } from '../lib/servers.ts';

const USER_ID = 1;
const API = '/api/v1';
const CARDS = [
  { name: 'Nubank', close_day: 3, expiration_day: 10 },
  { name: 'Itaú Visa', close_day: 25, expiration_day: 5 },
  { name: 'Inter', close_day: 31, expiration_day: 8 },
];

/**
 * Issue #10's figures on D1: the dataset's user gains 3 cards with 10 years (D1's 120 months) of purchases,
 * 3- to 12-installment purchases, refunds and paid invoices (full, or partial every fifth month), written
 * through the app's own services so every aggregate is kept as in production. Then: the card aggregates
 * against a recomputation from the entries, and at 1 connection a card's invoice of a month, GET /card with
 * available limits, and a card entry create.
 */
async function seedCards(db: Db, log: (m: string) => void): Promise<number[]> {
  const spec = DATASETS.D1;
  const account = (await findAccounts(db, USER_ID, false))[0];
  if (!account) throw new Error('D1 has no account');
  const category = await db
    .selectFrom('categories')
    .select('id')
    .where('user_id', '=', USER_ID)
    .where('type', '=', 'expense')
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const ids: number[] = [];
  let n = 0;
  const t0 = performance.now();
  for (const c of CARDS) {
    const card = await createCard(db, USER_ID, {
      ...c,
      flag_id: 1,
      limit: 5_000_000,
      account_id: account.id,
      color: null,
      archived: false,
    });
    ids.push(card.id);
    for (let i = 0; i < spec.months; i++) {
      const month = monthAt(spec, i);
      for (let k = 0; k < 15; k++) {
        n += 1;
        await createEntry(db, USER_ID, {
          description: `Purchase ${n}`,
          value: 500 + ((n * 7919) % 40_000),
          date: dateInMonth(month, 1 + ((n * 13) % 28)),
          operation_id: k === 14 ? OPERATIONS.income : OPERATIONS.expense,
          category_id: category.id,
          card_id: card.id,
          paid: false,
          fixed: false,
          limit_fixed_date: null,
          installments: k === 0 ? 3 + (i % 10) : null,
        });
      }
    }
    // Every invoice due before the dataset's last year is paid: in full, or in part every fifth month.
    for (let i = 0; i < spec.months - 12; i++) {
      const month = monthAt(spec, i);
      const invoice = await getCardInvoice(db, USER_ID, card.id, month);
      const owed = invoice.total - invoice.paid_amount;
      if (owed <= 0) continue;
      await payInvoice(db, USER_ID, invoice.id, {
        paid: true,
        account_id: account.id,
        date: invoice.due_date,
        value: i % 5 === 0 ? Math.ceil(owed / 2) : owed,
      });
    }
  }
  log(
    `cards seeded: ${n} purchases on ${CARDS.length} cards in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
  return ids;
}

/** card_invoice_totals against the entries, recomputed here (not with the app's own function). */
async function cardMismatches(db: Db): Promise<{ rows: number; mismatches: number }> {
  const entries = await db
    .selectFrom('entries')
    .select(['card_id', 'invoice_month', 'operation_id', 'account_id', 'value'])
    .where('user_id', '=', USER_ID)
    .where('card_id', 'is not', null)
    .execute();
  const want = new Map<string, [number, number, number]>();
  for (const e of entries) {
    const key = `${e.card_id}|${e.invoice_month}`;
    const sums = want.get(key) ?? [0, 0, 0];
    const v = Number(e.value);
    if (e.operation_id === OPERATIONS.transfer) sums[2] += v;
    else if (e.operation_id === OPERATIONS.income) sums[1] += v;
    else sums[0] += v;
    want.set(key, sums);
  }
  const rows = await findCardTotals(db, USER_ID);
  let mismatches = 0;
  for (const r of rows) {
    const sums = want.get(`${r.card_id}|${r.month}`) ?? [0, 0, 0];
    if (sums[0] !== r.purchases || sums[1] !== r.refunds || sums[2] !== r.paid) mismatches += 1;
    want.delete(`${r.card_id}|${r.month}`);
  }
  for (const sums of want.values()) if (sums.some((v) => v !== 0)) mismatches += 1;
  return { rows: rows.length, mismatches };
}

async function runOnDatabase(ctx: BenchContext, result: BenchResult, kind: DbKind) {
  const label = kind === 'sqlite' ? 'SQLite' : 'PostgreSQL';
  const dataset = await ensureDataset('D1', kind, { pgAdminUrl: ctx.pgAdminUrl, log: ctx.log });
  const copy = await workingCopy(dataset, ctx.pgAdminUrl, `D1_cards_${kind}`);
  let server: Server | null = null;
  const handle = openDatabase(copy.url, { poolSize: 1 });
  try {
    const db = handle.db;
    const cardIds = await seedCards(db, ctx.log);
    const check = await cardMismatches(db);
    push(
      result,
      metric({
        name: `${label}: card aggregates equal a recomputation from the entries`,
        value: check.mismatches,
        unit: 'mismatches',
        target: { on: 'value', op: '<=', limit: 0 },
        note: `${check.rows} (card, invoice month) rows checked`,
      }),
    );
    const spec = DATASETS.D1;
    const months = Array.from({ length: 12 }, (_, i) => monthAt(spec, 54 + i));
    server = await startApp({ databaseUrl: copy.url, userId: USER_ID });
    const headers = { ...bearer(server), 'content-type': 'application/json' };
    let i = 0;
    let created = 0;
    const cases: Array<{
      key: string;
      label: string;
      target: number;
      requests: AutocannonRequest[];
      floor: () => Promise<unknown>;
    }> = [
      {
        key: 'invoice',
        label: "a card's invoice of a month (GET /card/{id}/invoice?month)",
        target: 1,
        requests: [
          {
            method: 'GET',
            headers,
            setupRequest: (req) => {
              i += 1;
              return {
                ...req,
                path: `${API}/card/${cardIds[i % cardIds.length]}/invoice?month=${months[i % months.length]}`,
              };
            },
          },
        ],
        floor: () => {
          i += 1;
          return getCardInvoice(
            db,
            USER_ID,
            cardIds[i % cardIds.length] as number,
            months[i % months.length],
          );
        },
      },
      {
        key: 'cards',
        label: 'GET /card with available limits',
        target: 2,
        requests: [{ method: 'GET', headers, path: `${API}/card` }],
        floor: () => listCards(db, USER_ID, false),
      },
      {
        key: 'create',
        label: 'card entry create (POST /entry with card_id)',
        target: 2,
        requests: [
          {
            method: 'POST',
            headers,
            setupRequest: (req) => {
              created += 1;
              return {
                ...req,
                path: `${API}/entry`,
                body: JSON.stringify({
                  description: `Bench card purchase ${created}`,
                  value: 100 + (created % 5000),
                  date: `${addMonths(months[created % months.length] as string, 0)}-${String(1 + (created % 28)).padStart(2, '0')}`,
                  operation_id: OPERATIONS.expense,
                  category_id: 3,
                  card_id: cardIds[created % cardIds.length],
                }),
              };
            },
          },
        ],
        floor: () => {
          created += 1;
          return createEntry(db, USER_ID, {
            description: `Floor card purchase ${created}`,
            value: 100 + (created % 5000),
            date: `${months[created % months.length]}-${String(1 + (created % 28)).padStart(2, '0')}`,
            operation_id: OPERATIONS.expense,
            category_id: 3,
            card_id: cardIds[created % cardIds.length] as number,
            paid: false,
            fixed: false,
            limit_fixed_date: null,
          });
        },
      },
    ];
    for (const c of cases) {
      const floor = await opsPerSecond(c.floor, ctx.quick ? 1 : 2);
      const latency = await load({
        url: server.url,
        connections: 1,
        seconds: ctx.quick ? 2 : 4,
        warmupSeconds: 0.5,
        requests: c.requests,
        pid: server.pid,
        headers,
      });
      const failures = latency.non2xx + latency.errors;
      push(
        result,
        metric({
          name: `${label}: ${c.label} — p50, 1 connection`,
          value: latency.p50,
          unit: 'ms',
          baseline: floor.p50,
          baselineName: 'SQL in-process',
          target: { on: 'value', op: '<=', limit: c.target },
          note: failures
            ? `${failures} failed requests!`
            : `p99 ${latency.p99.toFixed(2)} ms; ${latency.rps.toFixed(0)} req/s`,
        }),
      );
      ctx.log(
        `${label} ${c.key}: p50 ${latency.p50.toFixed(2)} ms, p99 ${latency.p99.toFixed(2)} ms, failures ${failures}`,
      );
    }
    await lockCost(ctx, result, label, db, cardIds);
  } finally {
    await handle.close();
    await server?.stop();
    await copy.drop();
  }
}

/**
 * Issue 17: what the row locks cost. Every write to an existing row now reads it `FOR UPDATE` inside its
 * transaction (PostgreSQL; SQLite's writes are serialised and the clause is compiled away). Measured here in
 * the same run and on the same rows: one transaction reading an invoice's entries as the invoice payment does,
 * with and without the lock. The difference is the locks' price per write; the route lines above include it.
 */
async function lockCost(ctx: BenchContext, result: BenchResult, label: string, db: Db, cardIds: number[]) {
  const cardId = cardIds[0] as number;
  const month = monthAt(DATASETS.D1, 60);
  const read = (lock: boolean) => () =>
    inTransaction(db, (trx) => {
      const query = trx
        .selectFrom('entries')
        .select(['id', 'value'])
        .where('user_id', '=', USER_ID)
        .where('card_id', '=', cardId)
        .where('invoice_month', '=', month);
      return (lock ? query.forUpdate() : query).execute();
    });
  const seconds = ctx.quick ? 1 : 3;
  const plain = await opsPerSecond(read(false), seconds);
  const locked = await opsPerSecond(read(true), seconds);
  push(
    result,
    metric({
      name: `${label}: an invoice's entries read in a transaction FOR UPDATE (the locks' cost) — p50`,
      value: locked.p50,
      unit: 'ms',
      baseline: plain.p50,
      baselineName: 'the same read without the lock',
      note: `+${(locked.p50 - plain.p50).toFixed(3)} ms per locked read; CPU ${locked.cpuMsPerOp.toFixed(3)} vs ${plain.cpuMsPerOp.toFixed(3)} ms`,
    }),
  );
}

export const cardsApi: Benchmark = {
  name: 'cards-api-d1',
  title: 'Cards and invoices on D1 + 3 cards × 10 years (issue #10)',
  group: 'ledger',
  async run(ctx, result) {
    for (const kind of ['sqlite', 'postgres'] as const) await runOnDatabase(ctx, result, kind);
  },
};
