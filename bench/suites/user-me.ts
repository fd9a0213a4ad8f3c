import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { type Benchmark, pgUrl, push } from '../lib/context.ts';
import { type LoadResult, load } from '../lib/load.ts';
import { dropDatabase, recreateDatabase } from '../lib/pg.ts';
import { dataDir, rssMb, type Server, sleep } from '../lib/proc.ts';
import { metric } from '../lib/report.ts';
import { bearer, startApp, startBare } from '../lib/servers.ts';

/** Averages several load rounds (rates and latencies by mean, RSS by peak). */
export function combine(rounds: LoadResult[]): LoadResult {
  const mean = (f: (r: LoadResult) => number) => rounds.reduce((a, r) => a + f(r), 0) / rounds.length;
  const peak = rounds.map((r) => r.rssPeakMb).filter((v): v is number => v !== null);
  return {
    rps: mean((r) => r.rps),
    p50: mean((r) => r.p50),
    p99: mean((r) => r.p99),
    mean: mean((r) => r.mean),
    total: rounds.reduce((a, r) => a + r.total, 0),
    non2xx: rounds.reduce((a, r) => a + r.non2xx, 0),
    errors: rounds.reduce((a, r) => a + r.errors, 0),
    rssPeakMb: peak.length ? Math.max(...peak) : null,
    rssMeanMb: mean((r) => r.rssMeanMb ?? 0) || null,
    cpuMsPerRequest: mean((r) => r.cpuMsPerRequest ?? Number.NaN),
  };
}

export const userMe: Benchmark = {
  name: 'user-me',
  title: 'GET /api/v1/user/me vs a bare Fastify route (autocannon, 10 connections)',
  group: 'foundation',
  async run(ctx, result) {
    const seconds = ctx.quick ? 3 : 6;
    const rounds = ctx.quick ? 1 : 2;
    const sqliteDir = join(dataDir, 'user-me');
    rmSync(sqliteDir, { recursive: true, force: true });
    const pgName = 'centavo_bench_userme';
    await recreateDatabase(ctx.pgAdminUrl, pgName);
    const bare = await startBare();
    const apps: Array<{ kind: string; server: Server }> = [];
    try {
      apps.push({
        kind: 'SQLite',
        server: await startApp({ databaseUrl: `sqlite:${join(sqliteDir, 'centavo.db')}`, createUser: true }),
      });
      apps.push({
        kind: 'PostgreSQL',
        server: await startApp({ databaseUrl: pgUrl(ctx.pgAdminUrl, pgName), createUser: true }),
      });
      const first = apps[0]?.server;
      if (!first) throw new Error('no app server');
      const probe = await fetch(`${first.url}/api/v1/user/me`, { headers: bearer(first) });
      if (probe.status === 404) {
        result.skipped = 'GET /api/v1/user/me answers 404: the route is not implemented yet';
        return;
      }
      if (probe.status !== 200)
        throw new Error(`GET /api/v1/user/me → ${probe.status}: ${await probe.text()}`);
      result.details.sampleBody = await probe.json();

      // Idle memory after start-up, before any load: reported only (QUALITY.md).
      await sleep(1000);
      const bareIdle = rssMb(bare.pid);
      for (const { kind, server } of apps) {
        push(
          result,
          metric({
            name: `${kind}: server RSS idle after start`,
            value: rssMb(server.pid),
            unit: 'MB',
            baseline: bareIdle,
            baselineName: 'bare Fastify idle',
          }),
        );
      }

      const bareRounds: LoadResult[] = [];
      const appRounds = new Map<string, LoadResult[]>(apps.map((a) => [a.kind, []]));
      for (let round = 0; round < rounds; round++) {
        bareRounds.push(
          await load({ url: `${bare.url}/bare`, connections: 10, seconds, warmupSeconds: 1, pid: bare.pid }),
        );
        for (const { kind, server } of apps) {
          appRounds.get(kind)?.push(
            await load({
              url: `${server.url}/api/v1/user/me`,
              headers: bearer(server),
              connections: 10,
              seconds,
              warmupSeconds: 1,
              pid: server.pid,
            }),
          );
        }
      }
      const b = combine(bareRounds);
      push(
        result,
        metric({
          name: 'bare Fastify GET /bare',
          value: b.rps,
          unit: 'req/s',
          note: `p50 ${b.p50.toFixed(2)} ms, p99 ${b.p99.toFixed(2)} ms`,
        }),
      );
      push(
        result,
        metric({
          name: 'bare Fastify: CPU per request',
          value: (b.cpuMsPerRequest ?? Number.NaN) * 1000,
          unit: 'µs',
        }),
      );
      for (const { kind } of apps) {
        const a = combine(appRounds.get(kind) ?? []);
        push(
          result,
          metric({
            name: `${kind}: /user/me rate`,
            value: a.rps,
            unit: 'req/s',
            baseline: b.rps,
            baselineName: 'bare Fastify',
            note: a.non2xx || a.errors ? `${a.non2xx} non-2xx, ${a.errors} errors` : undefined,
          }),
        );
        // The steadiest figure on a shared host: server CPU per request, against bare Fastify's.
        push(
          result,
          metric({
            name: `${kind}: /user/me CPU per request`,
            value: (a.cpuMsPerRequest ?? Number.NaN) * 1000,
            unit: 'µs',
            baseline: (b.cpuMsPerRequest ?? Number.NaN) * 1000,
            baselineName: 'bare Fastify',
          }),
        );
        push(
          result,
          metric({
            name: `${kind}: /user/me p50 (10 conn)`,
            value: a.p50,
            unit: 'ms',
            baseline: b.p50,
            baselineName: 'bare',
          }),
        );
        push(
          result,
          metric({
            name: `${kind}: /user/me p99 (10 conn)`,
            value: a.p99,
            unit: 'ms',
            baseline: b.p99,
            baselineName: 'bare',
          }),
        );
        push(
          result,
          metric({
            name: `${kind}: server RSS peak under load`,
            value: a.rssPeakMb,
            unit: 'MB',
            baseline: b.rssPeakMb,
            baselineName: 'bare',
            target: { on: 'value', op: '<=', limit: 250 },
          }),
        );
      }
    } finally {
      await bare.stop();
      for (const { server } of apps) await server.stop();
      await dropDatabase(ctx.pgAdminUrl, pgName);
      rmSync(sqliteDir, { recursive: true, force: true });
    }
  },
};
