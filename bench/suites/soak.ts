import { ENTRY_PAGE_SIZE, OPERATIONS } from '@centavo/shared';
import type { AutocannonRequest } from 'autocannon';
import { sql } from 'kysely';
import { openDatabase } from '../../apps/api/src/db/connection.ts';
import { findAccounts } from '../../apps/api/src/modules/accounts/accounts.repository.ts';
import { type DbKind, ensureDataset, workingCopy } from '../datasets/load.ts';
import { monthAt } from '../datasets/model.ts';
import { DATASETS } from '../datasets/spec.ts';
import type { Benchmark } from '../lib/context.ts';
import { push } from '../lib/context.ts';
import { load } from '../lib/load.ts';
import { rssMb, type Server, sleep } from '../lib/proc.ts';
import { metric } from '../lib/report.ts';
import { bearer, startApp } from '../lib/servers.ts';

const USER_ID = 1;
const API = '/api/v1';

/** Least-squares slope of y over x. */
export function slope(points: Array<[number, number]>): number {
  const n = points.length;
  if (n < 2) return Number.NaN;
  const mx = points.reduce((a, [x]) => a + x, 0) / n;
  const my = points.reduce((a, [, y]) => a + y, 0) / n;
  let num = 0;
  let den = 0;
  for (const [x, y] of points) {
    num += (x - mx) * (y - my);
    den += (x - mx) ** 2;
  }
  return den === 0 ? Number.NaN : num / den;
}

const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;

/**
 * QUALITY.md "no growth in a 10-minute soak": the real app on a copy of D1 under a steady mix of the routes a
 * session uses (profile, month list, balances, one entry, creates), 10 connections, RSS sampled every second.
 * The first fifth is warm-up (JIT, SQLite page cache, V8 heap sizing); growth is judged on the rest.
 */
export const soak: Benchmark = {
  name: 'soak',
  title: 'Soak: mixed API load on D1 for 10 minutes (--quick: 1 minute), server RSS every second',
  group: 'foundation',
  async run(ctx, result) {
    const seconds = ctx.quick ? 60 : 600;
    const kind: DbKind = process.env.BENCH_SOAK_DB === 'postgres' ? 'postgres' : 'sqlite';
    const dataset = await ensureDataset('D1', kind, { pgAdminUrl: ctx.pgAdminUrl, log: ctx.log });
    const copy = await workingCopy(dataset, ctx.pgAdminUrl, `soak_${kind}`);
    let server: Server | null = null;
    try {
      const handle = openDatabase(copy.url, { poolSize: 1 });
      let accountIds: number[];
      let entryIds: number[];
      let categoryId: number;
      try {
        accountIds = (await findAccounts(handle.db, USER_ID, true)).map((a) => a.id);
        const { rows } = await sql<{ id: number }>`
          select id from entries where user_id = ${USER_ID} and id % 997 = 0 order by id limit 1000`.execute(
          handle.db,
        );
        entryIds = rows.map((r) => Number(r.id));
        const category = await handle.db
          .selectFrom('categories')
          .select('id')
          .where('user_id', '=', USER_ID)
          .where('type', '=', 'expense')
          .orderBy('id')
          .executeTakeFirstOrThrow();
        categoryId = category.id;
      } finally {
        await handle.close();
      }
      const spec = DATASETS.D1;
      const months = Array.from({ length: 24 }, (_, i) =>
        monthAt(spec, Math.floor(spec.months / 2) - 12 + i),
      );
      let n = 0;
      const next = () => n++;
      const pick = <T>(items: T[], i: number) => items[i % items.length] as T;

      server = await startApp({ databaseUrl: copy.url, userId: USER_ID });
      const headers = bearer(server);
      const json = { ...headers, 'content-type': 'application/json' };
      // One cycle per connection: reads dominate, as in a session; one page of a month list (the largest answer) per cycle.
      const get = (path: (i: number) => string): AutocannonRequest => ({
        method: 'GET',
        headers,
        setupRequest: (req) => ({ ...req, path: path(next()) }),
      });
      const requests: AutocannonRequest[] = [
        get(() => `${API}/user/me`),
        get((i) => `${API}/entry/balance?month=${pick(months, i)}`),
        get((i) => `${API}/entry/${pick(entryIds, i)}`),
        // A page of the month list, as the entries page asks for it (page 1, or page 2 as the list is scrolled).
        get(
          (i) =>
            `${API}/entry?month=${pick(months, i)}&account_id=${pick(accountIds, i)}&page=${1 + (i % 2)}&per_page=${ENTRY_PAGE_SIZE}`,
        ),
        get((i) => `${API}/entry/${pick(entryIds, i * 7)}`),
        {
          method: 'POST',
          path: `${API}/entry`,
          headers: json,
          setupRequest: (req) => {
            const i = next();
            const month = pick(months, i);
            return {
              ...req,
              body: JSON.stringify({
                description: `Soak purchase ${i}`,
                value: 100 + (i % 50_000),
                date: `${month}-${String(1 + (i % 28)).padStart(2, '0')}`,
                operation_id: OPERATIONS.expense,
                category_id: categoryId,
                account_id: pick(accountIds, i),
                paid: i % 3 !== 0,
              }),
            };
          },
        },
        get(() => `${API}/user/me`),
        get((i) => `${API}/entry/balance?month=${pick(months, i * 5)}`),
      ];

      await sleep(1000);
      const idle = rssMb(server.pid);
      const pid = server.pid;
      const samples: Array<[number, number]> = [];
      const started = performance.now();
      const timer = setInterval(() => {
        const v = rssMb(pid);
        if (v !== null) samples.push([(performance.now() - started) / 1000, v]);
      }, 1000);
      const run = await load({ url: server.url, connections: 10, seconds, requests, pid, headers });
      clearInterval(timer);
      await sleep(5000);
      const after = rssMb(server.pid);

      const warm = seconds / 5;
      const steady = samples.filter(([t]) => t >= warm);
      const window = Math.max(1, Math.round(steady.length / 10));
      const first = mean(steady.slice(0, window).map(([, v]) => v));
      const last = mean(steady.slice(-window).map(([, v]) => v));
      const perMinute = slope(steady) * 60;
      result.details.rssSamples = samples.map(([t, v]) => [Math.round(t), Math.round(v * 10) / 10]);
      result.details.load = run;
      const failures = run.non2xx + run.errors;
      const label = kind === 'sqlite' ? 'SQLite' : 'PostgreSQL';
      push(result, metric({ name: `${label}: server RSS idle before load`, value: idle, unit: 'MB' }));
      push(
        result,
        metric({
          name: `${label}: server RSS peak under load`,
          value: run.rssPeakMb,
          unit: 'MB',
          target: { on: 'value', op: '<=', limit: 250 },
        }),
      );
      push(
        result,
        metric({
          name: `${label}: RSS growth after warm-up (mean of the last tenth − the first tenth)`,
          value: last - first,
          unit: 'MB',
          target: { on: 'value', op: '<=', limit: 5 },
          note: `${first.toFixed(1)} → ${last.toFixed(1)} MB over ${Math.round(seconds - warm)} s; slope ${perMinute.toFixed(2)} MB/min; ${steady.length} samples`,
        }),
      );
      push(
        result,
        metric({
          name: `${label}: mixed load rate, 10 connections`,
          value: run.rps,
          unit: 'req/s',
          note: `${run.total} requests; CPU ${run.cpuMsPerRequest?.toFixed(3)} ms/request${failures ? `; ${failures} failed requests!` : ''}`,
        }),
      );
      push(result, metric({ name: `${label}: server RSS 5 s after the load`, value: after, unit: 'MB' }));
    } finally {
      await server?.stop();
      await copy.drop();
    }
  },
};
