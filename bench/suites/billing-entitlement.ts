import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { accessOf } from '../../apps/api/src/modules/billing/entitlement.ts';
import { type Benchmark, pgUrl, push } from '../lib/context.ts';
import { type LoadResult, load } from '../lib/load.ts';
import { recreateDatabase } from '../lib/pg.ts';
import { dataDir, type Server } from '../lib/proc.ts';
import { metric } from '../lib/report.ts';
import { bearer, startApp } from '../lib/servers.ts';
import { combine } from './user-me.ts';

const API = '/api/v1';

/**
 * Issue #12's figure: what entitlement costs on a finance write. The same create-entry load against the app
 * with billing off and with billing on (an 'active' user; the check reads the user row authentication already
 * read, so it adds no query and never calls Stripe — STRIPE_API_BASE points at a closed port, so a call would
 * show as failed requests). Rounds alternate off/on; target: billing on within 10 % of off, by rate and by
 * server CPU per request.
 */
export const billingEntitlement: Benchmark = {
  name: 'billing-entitlement',
  title: 'POST /api/v1/entry with billing off vs on (entitlement check), 10 connections',
  group: 'billing',
  async run(ctx, result) {
    const seconds = ctx.quick ? 3 : 5;
    const rounds = ctx.quick ? 2 : 3;
    const billingEnv = {
      STRIPE_SECRET_KEY: 'sk_test_centavo',
      STRIPE_API_BASE: 'http://127.0.0.1:9',
      STRIPE_PRICE_MONTHLY: 'price_centavo_monthly',
      STRIPE_PRICE_YEARLY: 'price_centavo_yearly',
    };
    // The check itself, in-process: what billing on adds to a finance write besides one hook call. Load figures
    // on a shared 2-core host move by ±30 % between runs; this one does not.
    const rows = [
      {
        subscription_status: 'active',
        trial_end: null,
        past_due_since: null,
        created_at: '2026-11-01T00:00:00Z',
      },
      {
        subscription_status: 'past_due',
        trial_end: null,
        past_due_since: new Date().toISOString(),
        created_at: '2026-11-01T00:00:00Z',
      },
      {
        subscription_status: null,
        trial_end: null,
        past_due_since: null,
        created_at: new Date().toISOString(),
      },
    ];
    const calls = 3_000_000;
    let full = 0;
    const started = process.hrtime.bigint();
    for (let i = 0; i < calls; i++) if (accessOf(rows[i % 3] as (typeof rows)[0], true) === 'full') full++;
    const nsPerCall = Number(process.hrtime.bigint() - started) / calls;
    if (full !== calls) throw new Error('entitlement bench: a full row was judged read-only');
    const checkMetric = push(
      result,
      metric({ name: 'entitlement check (accessOf) in-process', value: nsPerCall, unit: 'ns' }),
    );
    for (const kind of ['SQLite', 'PostgreSQL'] as const) {
      const servers: Record<'off' | 'on', Server | null> = { off: null, on: null };
      try {
        for (const mode of ['off', 'on'] as const) {
          let databaseUrl: string;
          if (kind === 'SQLite') {
            const dir = join(dataDir, `billing-${mode}`);
            rmSync(dir, { recursive: true, force: true });
            databaseUrl = `sqlite:${join(dir, 'centavo.db')}`;
          } else {
            const name = `centavo_bench_billing_${mode}`;
            await recreateDatabase(ctx.pgAdminUrl, name);
            databaseUrl = pgUrl(ctx.pgAdminUrl, name);
          }
          servers[mode] = await startApp({
            databaseUrl,
            createUser: true,
            env: mode === 'on' ? { ...billingEnv, BENCH_SUBSCRIPTION_STATUS: 'active' } : {},
          });
        }
        const bodies = new Map<'off' | 'on', () => string>();
        for (const mode of ['off', 'on'] as const) {
          const server = servers[mode] as Server;
          const headers = { ...bearer(server), 'content-type': 'application/json' };
          const account = await fetch(`${server.url}${API}/account`, {
            method: 'POST',
            headers,
            body: JSON.stringify({ name: 'Bench' }),
          });
          if (account.status !== 201)
            throw new Error(`POST /account → ${account.status}: ${await account.text()}`);
          const accountId = ((await account.json()) as { id: number }).id;
          const categories = (await (
            await fetch(`${server.url}${API}/category?type=expense`, { headers })
          ).json()) as { data: { id: number }[] };
          const categoryId = categories.data[0]?.id;
          let i = 0;
          bodies.set(mode, () => {
            i += 1;
            const day = String((i % 28) + 1).padStart(2, '0');
            return JSON.stringify({
              description: `Bench ${i}`,
              value: 100 + (i % 1000),
              date: `2026-11-${day}`,
              operation_id: 2,
              account_id: accountId,
              category_id: categoryId,
            });
          });
        }
        const runs: Record<'off' | 'on', LoadResult[]> = { off: [], on: [] };
        for (let round = 0; round < rounds; round++) {
          // Alternate which goes first, so a neighbour's load burst does not always hit the same side.
          const order = round % 2 === 0 ? (['off', 'on'] as const) : (['on', 'off'] as const);
          for (const mode of order) {
            const server = servers[mode] as Server;
            const body = bodies.get(mode) as () => string;
            runs[mode].push(
              await load({
                url: `${server.url}${API}/entry`,
                connections: 10,
                seconds,
                warmupSeconds: 1,
                pid: server.pid,
                requests: [
                  {
                    method: 'POST',
                    path: `${API}/entry`,
                    headers: { ...bearer(server), 'content-type': 'application/json' },
                    setupRequest: (req) => ({ ...req, body: body() }),
                  },
                ],
              }),
            );
          }
        }
        const off = combine(runs.off);
        const on = combine(runs.on);
        push(
          result,
          metric({
            name: `${kind}: create entry rate, billing on`,
            value: on.rps,
            unit: 'req/s',
            baseline: off.rps,
            baselineName: 'billing off',
            target: { on: 'ratio', op: '>=', limit: 0.9 },
            note: `off p50 ${off.p50.toFixed(2)} ms, on p50 ${on.p50.toFixed(2)} ms; non-2xx off ${off.non2xx}/on ${on.non2xx}, errors ${off.errors}/${on.errors}`,
          }),
        );
        push(
          result,
          metric({
            name: `${kind}: create entry CPU per request, billing on`,
            value: (on.cpuMsPerRequest ?? Number.NaN) * 1000,
            unit: 'µs',
            baseline: (off.cpuMsPerRequest ?? Number.NaN) * 1000,
            baselineName: 'billing off',
            target: { on: 'ratio', op: '<=', limit: 1.1 },
            note: `the check itself: ${(((checkMetric.value ?? 0) / 1000 / ((off.cpuMsPerRequest ?? 1) * 1000)) * 100).toFixed(4)} % of the request's CPU`,
          }),
        );
      } finally {
        for (const server of Object.values(servers)) await server?.stop();
      }
    }
  },
};
