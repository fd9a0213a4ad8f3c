import { spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { type Benchmark, pgUrl, push } from '../lib/context.ts';
import { dropDatabase, recreateDatabase } from '../lib/pg.ts';
import {
  cpuTimeMs,
  dataDir,
  fixtureScript,
  freePort,
  getStatus,
  median,
  rootDir,
  serverScript,
  sleep,
  stopChild,
  track,
} from '../lib/proc.ts';
import { metric } from '../lib/report.ts';

interface Case {
  label: string;
  script: string;
  /** Prepares one run (fresh DATA_DIR, fresh database) and returns its environment. */
  prepare(run: number): Promise<Record<string, string>>;
  samples: number[];
  /** CPU time the process used until healthy: steady on a loaded host, unlike wall time. */
  cpu: number[];
}

/** Spawn → first 200 from GET /api/v1/health, in milliseconds; the process is stopped afterwards. */
async function timeToHealthy(
  script: string,
  env: Record<string, string>,
): Promise<{ wall: number; cpu: number | null }> {
  const port = await freePort();
  const started = performance.now();
  const child = track(
    spawn(process.execPath, [script], {
      cwd: rootDir,
      env: { ...process.env, NODE_ENV: 'production', ...env, PORT: String(port) },
      stdio: ['ignore', 'ignore', 'pipe'],
    }),
  );
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => {
    stderr += d.toString();
  });
  const url = `http://127.0.0.1:${port}/api/v1/health`;
  try {
    for (;;) {
      if (child.exitCode !== null)
        throw new Error(`${script} exited with ${child.exitCode}: ${stderr.slice(-1500)}`);
      if ((await getStatus(url, 1000)) === 200) {
        const wall = performance.now() - started;
        return { wall, cpu: child.pid ? cpuTimeMs(child.pid) : null };
      }
      if (performance.now() - started > 30_000)
        throw new Error(`${script} not healthy after 30 s: ${stderr.slice(-1500)}`);
      await sleep(2);
    }
  } finally {
    await stopChild(child);
  }
}

export const coldStart: Benchmark = {
  name: 'cold-start',
  title: 'Cold start: spawn → first successful GET /api/v1/health',
  group: 'foundation',
  async run(ctx, result) {
    const runs = ctx.quick ? 3 : 5;
    const work = join(dataDir, 'cold-start');
    rmSync(work, { recursive: true, force: true });
    mkdirSync(work, { recursive: true });
    // What `npm start` runs: the server bundled to JavaScript (built before the first run, not timed), and the
    // bare-Fastify baseline bundled the same way.
    const server = await serverScript('apps/api/src/server.ts');
    const bareServer = await fixtureScript('bare-server.ts');
    const sqliteEnv = (dir: string) => ({ DATA_DIR: dir, DATABASE_URL: '', JWT_SECRET: '' });

    // An already-migrated DATA_DIR: the app migrates it once, stops cleanly (WAL checkpointed), then each run
    // starts from its own copy.
    const template = join(work, 'migrated');
    await timeToHealthy(server, sqliteEnv(template));
    await timeToHealthy(server, {
      ...sqliteEnv(join(work, 'warm')),
      NODE_COMPILE_CACHE: join(work, 'compile-cache'),
    });
    const pgMigrated = 'centavo_bench_coldstart';
    await recreateDatabase(ctx.pgAdminUrl, pgMigrated);
    await timeToHealthy(server, {
      DATA_DIR: join(work, 'pg'),
      DATABASE_URL: pgUrl(ctx.pgAdminUrl, pgMigrated),
    });
    const pgFresh: string[] = [];

    const cases: Case[] = [
      {
        label: 'bare Fastify',
        script: bareServer,
        prepare: async () => ({}),
        samples: [],
        cpu: [],
      },
      {
        label: 'SQLite, first-ever start (empty DATA_DIR: secret, database, migrations)',
        script: server,
        prepare: async () => sqliteEnv(mkdtempSync(join(work, 'fresh-'))),
        samples: [],
        cpu: [],
      },
      {
        label: 'SQLite, already-migrated database',
        script: server,
        prepare: async () => {
          const dir = mkdtempSync(join(work, 'copy-'));
          cpSync(template, dir, { recursive: true });
          return sqliteEnv(dir);
        },
        samples: [],
        cpu: [],
      },
      {
        // What-if: Node's on-disk compile cache (NODE_COMPILE_CACHE, an operator's choice), warm.
        label: 'what-if: SQLite, already migrated, NODE_COMPILE_CACHE warm',
        script: server,
        prepare: async () => {
          const dir = mkdtempSync(join(work, 'cache-'));
          cpSync(template, dir, { recursive: true });
          return { ...sqliteEnv(dir), NODE_COMPILE_CACHE: join(work, 'compile-cache') };
        },
        samples: [],
        cpu: [],
      },
      {
        label: 'PostgreSQL, first-ever start (empty database)',
        script: server,
        prepare: async (run) => {
          const name = `centavo_bench_coldstart_${run}`;
          pgFresh.push(name);
          await recreateDatabase(ctx.pgAdminUrl, name);
          return { DATA_DIR: join(work, `pg-${run}`), DATABASE_URL: pgUrl(ctx.pgAdminUrl, name) };
        },
        samples: [],
        cpu: [],
      },
      {
        label: 'PostgreSQL, already-migrated database',
        script: server,
        prepare: async () => ({
          DATA_DIR: join(work, 'pg'),
          DATABASE_URL: pgUrl(ctx.pgAdminUrl, pgMigrated),
        }),
        samples: [],
        cpu: [],
      },
    ];

    try {
      // Interleaved, so a noisy moment on the shared machine hits every case alike.
      for (let run = 0; run < runs; run++) {
        for (const c of cases) {
          const env = await c.prepare(run);
          const t = await timeToHealthy(c.script, env);
          c.samples.push(t.wall);
          if (t.cpu !== null) c.cpu.push(t.cpu);
        }
        ctx.log(
          `cold start run ${run + 1}/${runs}: ${cases.map((c) => c.samples.at(-1)?.toFixed(0)).join(' / ')} ms`,
        );
      }
    } finally {
      for (const name of [pgMigrated, ...pgFresh]) await dropDatabase(ctx.pgAdminUrl, name);
      rmSync(work, { recursive: true, force: true });
    }

    const [bare, ...apps] = cases;
    const bareMedian = median(bare?.samples ?? []);
    push(result, metric({ name: 'bare Fastify (median)', value: bareMedian, unit: 'ms' }));
    const bareCpu = median(bare?.cpu ?? []);
    for (const c of apps) {
      push(
        result,
        metric({
          name: `${c.label} (median)`,
          value: median(c.samples),
          unit: 'ms',
          baseline: bareMedian,
          baselineName: 'bare Fastify',
          note: `min ${Math.min(...c.samples).toFixed(0)}, max ${Math.max(...c.samples).toFixed(0)} ms, n=${c.samples.length}`,
        }),
      );
      push(
        result,
        metric({
          name: `${c.label}: CPU time until healthy (median, noise-robust)`,
          value: median(c.cpu),
          unit: 'ms',
          baseline: bareCpu,
          baselineName: 'bare Fastify CPU',
        }),
      );
    }
    result.details.samples = Object.fromEntries(
      cases.map((c) => [c.label, c.samples.map((s) => Math.round(s))]),
    );
  },
};
