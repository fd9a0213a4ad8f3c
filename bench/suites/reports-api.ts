import { gzipSync } from 'node:zlib';
import { addMonths, currentMonth } from '@centavo/shared';
import { sql } from 'kysely';
import { openDatabase } from '../../apps/api/src/db/connection.ts';
import { type DbKind, ensureDataset, workingCopy } from '../datasets/load.ts';
import { monthAt } from '../datasets/model.ts';
import { DATASETS } from '../datasets/spec.ts';
import { type BenchContext, type Benchmark, push } from '../lib/context.ts';
import { load } from '../lib/load.ts';
import { percentile, type Server } from '../lib/proc.ts';
import { type BenchResult, metric } from '../lib/report.ts';
import { bearer, startApp } from '../lib/servers.ts';

/**
 * Issue 11 on D1 (10 years, budgets for every expense category in every month): the budget page, the
 * category × month expense report over 5 years (latency and gzip payload) and the dashboard's whole set of
 * calls, on SQLite and PostgreSQL, one connection (the time one request takes). First a correctness check:
 * the report's grand total against a recomputation from the entries.
 */
const USER_ID = 1;
const API = '/api/v1';
const DB_LABEL: Record<DbKind, string> = { sqlite: 'SQLite', postgres: 'PostgreSQL' };

async function runOn(ctx: BenchContext, result: BenchResult, kind: DbKind) {
  const label = DB_LABEL[kind];
  const spec = DATASETS.D1;
  const dataset = await ensureDataset('D1', kind, { pgAdminUrl: ctx.pgAdminUrl, log: ctx.log });
  const copy = await workingCopy(dataset, ctx.pgAdminUrl, `reports_D1_${kind}`);
  let server: Server | null = null;
  const handle = openDatabase(copy.url, { poolSize: 1 });
  try {
    const last = monthAt(spec, spec.months - 1);
    const start = addMonths(last, -59);
    const month = monthAt(spec, spec.months - 6);
    const reportPath = `${API}/report/expense?range=custom&start=${start}&end=${last}&basis=accrual`;
    const { rows } = await sql<{ total: number }>`
      select coalesce(sum(case when e.operation_id = 2 then e.value else -e.value end), 0) as total
      from entries e join categories c on c.id = e.category_id
      where e.user_id = ${USER_ID} and c.type = 'expense' and e.operation_id in (1, 2)
        and e.date >= ${`${start}-01`} and e.date <= ${`${last}-31`}`.execute(handle.db);
    const expected = Number(rows[0]?.total ?? 0);

    server = await startApp({ databaseUrl: copy.url, userId: USER_ID });
    const headers = bearer(server);
    const probe = await fetch(`${server.url}${reportPath}`, { headers });
    const text = await probe.text();
    const answer = JSON.parse(text) as { total?: number };
    push(
      result,
      metric({
        name: `${label}: expense report (5 years) grand total equals a recomputation from the entries`,
        value: Math.abs((answer.total ?? Number.NaN) - expected),
        unit: 'cents off',
        target: { on: 'value', op: '<=', limit: 0 },
        note: `reported ${answer.total}, recomputed ${expected}`,
      }),
    );
    push(
      result,
      metric({
        name: `${label}: expense report (5 years) payload, gzip`,
        value: gzipSync(text).length / 1024,
        unit: 'KB',
        target: { on: 'value', op: '<=', limit: 40 },
        note: `${(text.length / 1024).toFixed(1)} KB raw`,
      }),
    );

    const seconds = ctx.quick ? 2 : 4;
    const cases: Array<[string, string, number, number | undefined]> = [
      ['budget page (GET /category/budget)', `${API}/category/budget?month=${month}`, 2, undefined],
      ['category × month expense report, 5 years', reportPath, 5, 15],
    ];
    for (const [name, path, p50Limit, p99Limit] of cases) {
      const run = await load({
        url: `${server.url}${path}`,
        headers,
        connections: 1,
        seconds,
        warmupSeconds: 1,
        pid: server.pid,
      });
      const failed = run.non2xx + run.errors;
      push(
        result,
        metric({
          name: `${label}: ${name} — p50, 1 connection`,
          value: run.p50,
          unit: 'ms',
          target: { on: 'value', op: '<=', limit: p50Limit },
          note: `${failed ? `${failed} failed! ` : ''}p99 ${run.p99.toFixed(2)} ms; ${run.rps.toFixed(0)} req/s; CPU ${((run.cpuMsPerRequest ?? 0) * 1000).toFixed(0)} µs/request`,
        }),
      );
      if (p99Limit !== undefined) {
        push(
          result,
          metric({
            name: `${label}: ${name} — p99, 1 connection`,
            value: run.p99,
            unit: 'ms',
            target: { on: 'value', op: '<=', limit: p99Limit },
          }),
        );
      }
      ctx.log(`${label} ${name}: p50 ${run.p50.toFixed(2)} ms, p99 ${run.p99.toFixed(2)} ms`);
    }

    // The dashboard's calls, as the page makes them (in parallel), timed from the first request to the last answer.
    const now = currentMonth();
    const today = new Date().toISOString().slice(0, 10);
    const in30 = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    const dashboard = [
      `${API}/account`,
      `${API}/report/analysis?range=12m&basis=accrual`,
      `${API}/category/dashboard?month=${now}&basis=accrual`,
      `${API}/budget/dashboard?month=${now}`,
      `${API}/entry?start_date=${today}&end_date=${in30}&paid=false&per_page=20&page=1`,
    ];
    const times: number[] = [];
    const rounds = ctx.quick ? 60 : 200;
    for (let i = -20; i < rounds; i++) {
      const t0 = performance.now();
      const responses = await Promise.all(dashboard.map((p) => fetch(`${server?.url}${p}`, { headers })));
      await Promise.all(responses.map((r) => r.arrayBuffer()));
      if (responses.some((r) => r.status !== 200)) throw new Error('a dashboard call failed');
      if (i >= 0) times.push(performance.now() - t0);
    }
    push(
      result,
      metric({
        name: `${label}: the dashboard's whole set of calls (5, in parallel) — p50`,
        value: percentile(times, 50),
        unit: 'ms',
        target: { on: 'value', op: '<=', limit: 10 },
        note: `p99 ${percentile(times, 99).toFixed(2)} ms over ${rounds} rounds`,
      }),
    );
  } finally {
    await handle.close();
    await server?.stop();
    await copy.drop();
  }
}

export const reportsApi: Benchmark = {
  name: 'reports-api-d1',
  title: 'Budgets, reports and the dashboard on D1 (issue 11)',
  group: 'ledger',
  async run(ctx, result) {
    for (const kind of ['sqlite', 'postgres'] as const) await runOn(ctx, result, kind);
  },
};
