import {
  ENTRY_PAGE_SIZE,
  type EntryBalance,
  entryCreateBodySchema,
  lastDayOfMonth,
  OPERATIONS,
} from '@centavo/shared';
import type { AutocannonRequest } from 'autocannon';
import { sql } from 'kysely';
import { type Db, openDatabase } from '../../apps/api/src/db/connection.ts';
import { findAccounts } from '../../apps/api/src/modules/accounts/accounts.repository.ts';
import { monthBalance } from '../../apps/api/src/modules/entries/balance.service.ts';
import { createEntry } from '../../apps/api/src/modules/entries/create.service.ts';
import { countEntries } from '../../apps/api/src/modules/entries/entries.repository.ts';
import { listEntries, toEntryQuery } from '../../apps/api/src/modules/entries/queries.service.ts';
import { findEntryById } from '../../apps/api/src/modules/money-core/entry-rows.repository.ts';
import { type Dataset, type DbKind, ensureDataset, sqliteFileMb, workingCopy } from '../datasets/load.ts';
import { monthAt } from '../datasets/model.ts';
import { DATASETS, type DatasetName } from '../datasets/spec.ts';
import { verifyAggregates } from '../datasets/verify.ts';
import { type BenchContext, type Benchmark, push } from '../lib/context.ts';
import { type Floor, type LoadResult, load, opsPerSecond } from '../lib/load.ts';
import type { Server } from '../lib/proc.ts';
import { type BenchResult, metric } from '../lib/report.ts';
import { bearer, startApp, startBare } from '../lib/servers.ts';

const USER_ID = 1;
const API = '/api/v1';

interface RouteCase {
  key: 'list' | 'balance' | 'get' | 'create' | 'month';
  label: string;
  /** autocannon requests (each call of setupRequest moves to the next parameter set). */
  requests(headers: Record<string, string>): AutocannonRequest[];
  /** The route's own queries, in-process, one call = one request's worth. */
  inProcess(db: ReturnType<typeof openDatabase>['db']): () => Promise<unknown>;
}

/** The twelve account-months the month list rotates over: a different account each (all ten take turns). */
function listMonths(dataset: Dataset, accountIds: number[]) {
  const spec = DATASETS[dataset.name];
  // Twelve months from the middle of the range.
  const middle = Math.floor(spec.months / 2) - 6;
  return Array.from({ length: 12 }, (_, i) => ({
    month: monthAt(spec, middle + i),
    account_id: accountIds[i % accountIds.length] as number,
  }));
}

type ListParams = ReturnType<typeof listMonths>[number];
/** One page of an account-month, as the entries page asks for it (`page`, `per_page=ENTRY_PAGE_SIZE`). */
type PageParams = ListParams & { page: number };

/**
 * Every page of every account-month in the rotation, in scrolling order: the entries page loads a month
 * ENTRY_PAGE_SIZE entries at a time and asks for the next page as the list nears its end, so a month read
 * to the end costs ceil(total / ENTRY_PAGE_SIZE) requests, and the busy account-months weigh in proportion
 * to their size (on D1, at 250 per page, the busiest, ~4 000 entries, is 16 pages; a quiet one ~600 entries, 3).
 */
async function listPages(db: Db, params: ListParams[]): Promise<PageParams[]> {
  const pages: PageParams[] = [];
  for (const p of params) {
    const query = await toEntryQuery(db, USER_ID, { month: p.month, account_id: p.account_id });
    const total = await countEntries(db, USER_ID, query);
    const count = Math.max(1, Math.ceil(total / ENTRY_PAGE_SIZE));
    for (let page = 1; page <= count; page++) pages.push({ ...p, page });
  }
  return pages;
}

/** Parameters rotate over fixed lists so caches see more than one month, account or row. */
function cases(
  listParams: ListParams[],
  pageParams: PageParams[],
  accountIds: number[],
  entryIds: number[],
  categoryId: number,
): RouteCase[] {
  const months = listParams.map((p) => p.month);
  let createCounter = 0;
  const createBody = () => {
    createCounter += 1;
    const month = months[createCounter % months.length] as string;
    return {
      description: `Bench purchase ${createCounter}`,
      value: 100 + (createCounter % 50_000),
      date: `${month}-${String(1 + (createCounter % 28)).padStart(2, '0')}`,
      operation_id: OPERATIONS.expense,
      category_id: categoryId,
      account_id: accountIds[createCounter % accountIds.length] as number,
      paid: createCounter % 3 !== 0,
    };
  };
  const rotate = <T>(items: T[], build: (item: T) => Partial<AutocannonRequest>) => {
    let i = 0;
    return (req: AutocannonRequest) => ({ ...req, ...build(items[i++ % items.length] as T) });
  };
  return [
    {
      key: 'list',
      label: `month list, account filter, pages of ${ENTRY_PAGE_SIZE} (GET /entry?month&account_id&page&per_page)`,
      requests: (headers) => [
        {
          method: 'GET',
          headers,
          setupRequest: rotate(pageParams, (p) => ({
            path: `${API}/entry?month=${p.month}&account_id=${p.account_id}&page=${p.page}&per_page=${ENTRY_PAGE_SIZE}`,
          })),
        },
      ],
      inProcess: (db) => {
        let i = 0;
        return async () => {
          const p = pageParams[i++ % pageParams.length] as PageParams;
          // As the route calls it (entries.routes.ts): the page's rows and the list's count, mapped to entries.
          return listEntries(db, USER_ID, {
            month: p.month,
            account_id: p.account_id,
            page: p.page,
            per_page: ENTRY_PAGE_SIZE,
          });
        };
      },
    },
    {
      key: 'balance',
      label: 'balances of a month (GET /entry/balance?month)',
      requests: (headers) => [
        {
          method: 'GET',
          headers,
          setupRequest: rotate(months, (m) => ({ path: `${API}/entry/balance?month=${m}` })),
        },
      ],
      inProcess: (db) => {
        let i = 0;
        return async () => {
          // As the route calls it (entries.routes.ts): one statement, accounts and sums together.
          return monthBalance(db, USER_ID, months[i++ % months.length] as string);
        };
      },
    },
    {
      key: 'get',
      label: 'one entry (GET /entry/:id)',
      requests: (headers) => [
        { method: 'GET', headers, setupRequest: rotate(entryIds, (id) => ({ path: `${API}/entry/${id}` })) },
      ],
      inProcess: (db) => {
        let i = 0;
        return () => findEntryById(db, USER_ID, entryIds[i++ % entryIds.length] as number);
      },
    },
    {
      key: 'create',
      label: 'create entry, aggregates included (POST /entry)',
      requests: (headers) => [
        {
          method: 'POST',
          path: `${API}/entry`,
          headers: { ...headers, 'content-type': 'application/json' },
          setupRequest: (req) => ({ ...req, body: JSON.stringify(createBody()) }),
        },
      ],
      inProcess: (db) => () => createEntry(db, USER_ID, entryCreateBodySchema.parse(createBody())),
    },
    {
      // No longer what the product asks for (the entries page loads pages): kept as an INFO line so the cost
      // of a whole month in one answer stays in sight. Run last, and its RSS is reported on its own line.
      key: 'month',
      label: 'whole month list, account filter, one response (GET /entry?month&account_id)',
      requests: (headers) => [
        {
          method: 'GET',
          headers,
          setupRequest: rotate(listParams, (p) => ({
            path: `${API}/entry?month=${p.month}&account_id=${p.account_id}`,
          })),
        },
      ],
      inProcess: (db) => {
        let i = 0;
        return async () => {
          const p = listParams[i++ % listParams.length] as ListParams;
          return listEntries(db, USER_ID, { month: p.month, account_id: p.account_id });
        };
      },
    },
  ];
}

/** GET /entry/balance recomputed from the entries themselves (not the aggregates), as DESIGN.md §4 defines it. */
async function recomputeBalance(url: string, month: string): Promise<EntryBalance> {
  const handle = openDatabase(url, { poolSize: 1 });
  try {
    const start = `${month}-01`;
    const end = lastDayOfMonth(month);
    const { rows } = await sql<{
      id: number;
      initial_balance: number;
      opening: number;
      closing: number;
      predicted: number;
    }>`
      select a.id, a.initial_balance,
        coalesce(sum(case when e.paid = 1 and e.date < ${start} then e.effect else 0 end), 0) as opening,
        coalesce(sum(case when e.paid = 1 and e.date <= ${end} then e.effect else 0 end), 0) as closing,
        coalesce(sum(case when e.date <= ${end} then e.effect else 0 end), 0) as predicted
      from accounts a left join (
        select account_id as acc, date, paid,
          case when operation_id = 1 then value else -value end as effect
        from entries where user_id = ${USER_ID} and account_id is not null
        union all
        select destination_account_id, date, paid, value
        from entries where user_id = ${USER_ID} and operation_id = 4 and destination_account_id is not null
      ) e on e.acc = a.id
      where a.user_id = ${USER_ID}
      group by a.id, a.initial_balance
      order by a.id`.execute(handle.db);
    const { rows: totals } = await sql<{ operation_id: number; total: number }>`
      select operation_id, sum(value) as total from entries
      where user_id = ${USER_ID} and date >= ${start} and date <= ${end} and account_id is not null
        and operation_id <> 4
      group by operation_id`.execute(handle.db);
    const byOp = (op: number) => Number(totals.find((t) => Number(t.operation_id) === op)?.total ?? 0);
    const income = byOp(OPERATIONS.income);
    const expense = byOp(OPERATIONS.expense);
    const investment = totals
      .filter((t) => ![OPERATIONS.income, OPERATIONS.expense].includes(Number(t.operation_id) as 1 | 2))
      .reduce((a, t) => a + Number(t.total), 0);
    const accounts = rows.map((r) => ({
      account_id: Number(r.id),
      opening_balance: Number(r.initial_balance) + Number(r.opening),
      closing_balance: Number(r.initial_balance) + Number(r.closing),
      predicted_balance: Number(r.initial_balance) + Number(r.predicted),
    }));
    const sum = (k: 'opening_balance' | 'closing_balance' | 'predicted_balance') =>
      accounts.reduce((a, x) => a + x[k], 0);
    return {
      month,
      income,
      expense,
      investment,
      result: income - expense - investment,
      opening_balance: sum('opening_balance'),
      closing_balance: sum('closing_balance'),
      // D1 has no cards: no invoices due (cash basis) to subtract.
      invoices: 0,
      predicted_balance: sum('predicted_balance'),
      accounts,
    };
  } finally {
    await handle.close();
  }
}

function canonical(b: EntryBalance): string {
  return JSON.stringify({ ...b, accounts: [...b.accounts].sort((x, y) => x.account_id - y.account_id) });
}

const DB_LABEL: Record<DbKind, string> = { sqlite: 'SQLite', postgres: 'PostgreSQL' };

async function runOnDatabase(
  ctx: BenchContext,
  result: BenchResult,
  kind: DbKind,
  datasetName: DatasetName,
  bare: { rate: LoadResult; latency: LoadResult },
) {
  const label = DB_LABEL[kind];
  const t0 = performance.now();
  const dataset = await ensureDataset(datasetName, kind, { pgAdminUrl: ctx.pgAdminUrl, log: ctx.log });
  push(
    result,
    metric({
      name: `${label}: ${datasetName} dataset ${dataset.generatedSeconds ? 'generated' : 'ready (cached)'}`,
      value: dataset.generatedSeconds || (performance.now() - t0) / 1000,
      unit: 's',
      note: `${dataset.entries.toLocaleString('en-US')} entries, key ${dataset.key}${kind === 'sqlite' ? `, ${sqliteFileMb(dataset)?.toFixed(0)} MB file` : ''}`,
    }),
  );
  result.details[`${kind}Dataset`] = dataset;

  // The aggregates the generator wrote must equal the app's own definition (D1: checked in full, in-process).
  const aggregates = await verifyAggregates(dataset.url, USER_ID);
  push(
    result,
    metric({
      name: `${label}: aggregate rows and money volume equal the app's definitions over all entries`,
      value: aggregates.mismatches,
      unit: 'mismatches',
      target: { on: 'value', op: '<=', limit: 0 },
      note: `${aggregates.rows} (account, month) rows checked`,
    }),
  );

  const copy = await workingCopy(dataset, ctx.pgAdminUrl, `${datasetName}_${kind}`);
  let server: Server | null = null;
  let handle: ReturnType<typeof openDatabase> | null = null;
  try {
    const seconds = ctx.quick ? 2 : 5;
    const latencySeconds = ctx.quick ? 2 : 4;
    // Fixed parameter lists, read from the copy.
    handle = openDatabase(copy.url, { poolSize: 1 });
    const db = handle.db;
    const accountIds = (await findAccounts(db, USER_ID, true)).map((a) => a.id);
    const { rows: idRows } = await sql<{ id: number }>`
      select id from entries where user_id = ${USER_ID} and id % 997 = 0 order by id limit 1000`.execute(
      handle.db,
    );
    const entryIds = idRows.map((r) => Number(r.id));
    const category = await db
      .selectFrom('categories')
      .select('id')
      .where('user_id', '=', USER_ID)
      .where('type', '=', 'expense')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const listParams = listMonths(dataset, accountIds);
    const pageParams = await listPages(db, listParams);
    result.details[`${kind}ListPages`] = {
      perPage: ENTRY_PAGE_SIZE,
      accountMonths: listParams.length,
      pages: pageParams.length,
      pagesPerAccountMonth: listParams.map(
        (p) => pageParams.filter((q) => q.month === p.month && q.account_id === p.account_id).length,
      ),
    };
    const routes = cases(listParams, pageParams, accountIds, entryIds, category.id);

    server = await startApp({ databaseUrl: copy.url, userId: USER_ID });
    const headers = bearer(server);

    // Correctness first: one balance answer against a recomputation from the entries.
    const month = monthAt(DATASETS[datasetName], Math.floor(DATASETS[datasetName].months / 2));
    const res = await fetch(`${server.url}${API}/entry/balance?month=${month}`, { headers });
    if (res.status === 404) {
      result.skipped = 'GET /api/v1/entry/balance answers 404: the ledger API is not there yet';
      return;
    }
    const answer = (await res.json()) as EntryBalance;
    const expected = await recomputeBalance(copy.url, month);
    const same = canonical(answer) === canonical(expected);
    push(
      result,
      metric({
        name: `${label}: GET /entry/balance?month=${month} equals a recomputation from entries`,
        value: same ? 1 : 0,
        unit: '',
        verdict: same ? 'PASS' : 'FAIL',
        note: same
          ? `closing ${answer.closing_balance}`
          : `api ${canonical(answer).slice(0, 200)} vs ${canonical(expected).slice(0, 200)}`,
      }),
    );

    let rssPeak = 0;
    let wholeMonth: { rate: LoadResult; latency: LoadResult; floor: Floor } | undefined;
    for (const route of routes) {
      // Interleaved per route (floor, then the server), so a noisy moment on the host hits both alike. The
      // floor is each route's own repository/service calls in a loop, in this process, one at a time.
      const floor = await opsPerSecond(route.inProcess(db), ctx.quick ? 1.5 : 3);
      const requests = route.requests(headers);
      const rate = await load({
        url: server.url,
        connections: 10,
        seconds,
        warmupSeconds: 1,
        requests,
        pid: server.pid,
        headers,
      });
      const latency = await load({
        url: server.url,
        connections: 1,
        seconds: latencySeconds,
        warmupSeconds: 0.5,
        requests,
        pid: server.pid,
        headers,
      });
      const failures = rate.non2xx + rate.errors + latency.non2xx + latency.errors;
      const failNote = failures ? `${failures} failed requests!` : undefined;
      const name = (what: string) => `${label}: ${route.label} — ${what}`;
      result.details[`${kind}:${route.key}`] = { rate, latency, floor };
      if (route.key === 'month') {
        wholeMonth = { rate, latency, floor };
        if (failNote) ctx.log(`${label} month: ${failNote}`);
        continue;
      }
      rssPeak = Math.max(rssPeak, rate.rssPeakMb ?? 0, latency.rssPeakMb ?? 0);
      const isList = route.key === 'list';
      const isCreate = route.key === 'create';
      push(
        result,
        metric({
          name: name('rate, 10 connections'),
          value: rate.rps,
          unit: 'req/s',
          baseline: floor.ops,
          baselineName: 'its SQL in-process',
          target: isList
            ? { on: 'ratio', op: '>=', limit: 0.5 }
            : isCreate
              ? { on: 'value', op: '>=', limit: 2000 }
              : undefined,
          note:
            failNote ??
            `bare Fastify ${bare.rate.rps.toFixed(0)} req/s (${(rate.rps / bare.rate.rps).toFixed(2)}×); loaded p50 ${rate.p50.toFixed(2)} / p99 ${rate.p99.toFixed(2)} ms`,
        }),
      );
      push(
        result,
        metric({
          name: name('Node CPU per request (noise-robust)'),
          value: rate.cpuMsPerRequest === null ? null : rate.cpuMsPerRequest * 1000,
          unit: 'µs',
          baseline: floor.cpuMsPerOp * 1000,
          baselineName: 'in-process CPU per op',
          note: `bare Fastify ${((bare.rate.cpuMsPerRequest ?? 0) * 1000).toFixed(0)} µs/request; database server CPU not included`,
        }),
      );
      push(
        result,
        metric({
          name: name('p50, 1 connection'),
          value: latency.p50,
          unit: 'ms',
          baseline: floor.p50,
          baselineName: 'SQL in-process',
          target:
            route.key === 'balance'
              ? { on: 'value', op: '<=', limit: 1 }
              : isCreate
                ? { on: 'value', op: '<=', limit: 2 }
                : undefined,
          note: `bare Fastify p50 ${bare.latency.p50.toFixed(3)} ms`,
        }),
      );
      push(
        result,
        metric({
          name: name('p99, 1 connection'),
          value: latency.p99,
          unit: 'ms',
          baseline: floor.p99,
          baselineName: 'SQL in-process',
          target: isList && kind === 'sqlite' ? { on: 'value', op: '<=', limit: 5 } : undefined,
          note: `bare Fastify p99 ${bare.latency.p99.toFixed(3)} ms`,
        }),
      );
      ctx.log(
        `${label} ${route.key}: ${rate.rps.toFixed(0)} req/s (SQL ${floor.ops.toFixed(0)} ops/s), p50 ${latency.p50.toFixed(2)} ms, p99 ${latency.p99.toFixed(2)} ms, RSS ${rate.rssPeakMb?.toFixed(0)} MB`,
      );
    }
    push(
      result,
      metric({
        name: `${label}: server RSS peak under load (all routes)`,
        value: rssPeak,
        unit: 'MB',
        baseline: bare.rate.rssPeakMb,
        baselineName: 'bare Fastify under load',
        target: { on: 'value', op: '<=', limit: 250 },
        note: 'the routes above; the whole-month list below is not in it',
      }),
    );
    const wholeRoute = routes.find((r) => r.key === 'month');
    if (wholeMonth && wholeRoute) {
      const { rate, latency, floor } = wholeMonth;
      const failures = rate.non2xx + rate.errors + latency.non2xx + latency.errors;
      push(
        result,
        metric({
          name: `${label}: ${wholeRoute.label} — rate, 10 connections`,
          value: rate.rps,
          unit: 'req/s',
          baseline: floor.ops,
          baselineName: 'its SQL in-process',
          verdict: 'INFO',
          note: `${failures ? `${failures} failed requests! ` : ''}1 connection p50 ${latency.p50.toFixed(2)} / p99 ${latency.p99.toFixed(2)} ms (SQL in-process ${floor.p50.toFixed(2)} / ${floor.p99.toFixed(2)} ms); CPU ${((rate.cpuMsPerRequest ?? 0) * 1000).toFixed(0)} µs/request; RSS peak ${Math.max(rate.rssPeakMb ?? 0, latency.rssPeakMb ?? 0).toFixed(0)} MB`,
        }),
      );
    }
  } finally {
    await handle?.close();
    await server?.stop();
    await copy.drop();
  }
}

export function ledgerApi(datasetName: DatasetName, kinds: DbKind[] = ['sqlite', 'postgres']): Benchmark {
  return {
    name: `ledger-api-${datasetName.toLowerCase()}`,
    title: `Ledger API under load on ${datasetName} (${DATASETS[datasetName].description})`,
    group: 'ledger',
    async run(ctx, result) {
      // The framework floor, once for both databases.
      const bareServer = await startBare();
      let bare: { rate: LoadResult; latency: LoadResult };
      try {
        const url = `${bareServer.url}/bare`;
        bare = {
          rate: await load({
            url,
            connections: 10,
            seconds: ctx.quick ? 2 : 5,
            warmupSeconds: 1,
            pid: bareServer.pid,
          }),
          latency: await load({
            url,
            connections: 1,
            seconds: ctx.quick ? 2 : 4,
            warmupSeconds: 0.5,
            pid: bareServer.pid,
          }),
        };
      } finally {
        await bareServer.stop();
      }
      push(
        result,
        metric({
          name: 'bare Fastify GET /bare — rate, 10 connections',
          value: bare.rate.rps,
          unit: 'req/s',
          note: `p50 ${bare.latency.p50.toFixed(3)} ms, p99 ${bare.latency.p99.toFixed(3)} ms at 1 connection; RSS ${bare.rate.rssPeakMb?.toFixed(0)} MB`,
        }),
      );
      for (const kind of kinds) {
        if (result.skipped) break;
        await runOnDatabase(ctx, result, kind, datasetName, bare);
      }
    },
  };
}
