// `npm run bench [-- --only <name,group> --quick --db sqlite|postgres]`: runs the benchmarks, prints a table per
// benchmark and writes bench/results/<stamp>.json + .md (and latest.json/latest.md for a full run).
import { execSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';
import type { BenchContext, Benchmark } from './lib/context.ts';
import { benchDir, killAllChildren } from './lib/proc.ts';
import { type BenchResult, markdownSummary, printResult } from './lib/report.ts';
import { benchmarks, optionalBenchmarks } from './suites/index.ts';

interface Args {
  only: string[];
  quick: boolean;
  list: boolean;
  noLatest: boolean;
}

function parseArgs(argv: string[]): Args {
  const args: Args = { only: [], quick: false, list: false, noLatest: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] ?? '';
    if (a === '--quick') args.quick = true;
    else if (a === '--list') args.list = true;
    else if (a === '--no-latest') args.noLatest = true;
    else if (a === '--only') args.only.push(...(argv[++i] ?? '').split(',').filter(Boolean));
    else if (a.startsWith('--only=')) args.only.push(...a.slice(7).split(',').filter(Boolean));
    else throw new Error(`unknown argument ${a} (use --only <name|group>[,…], --quick, --list, --no-latest)`);
  }
  return args;
}

function selected(all: Benchmark[], only: string[]): Benchmark[] {
  if (only.length === 0) return all;
  // Groups select the default benchmarks; the opt-in ones (D2, D3) only by their own name.
  const known = [...all, ...optionalBenchmarks];
  const unknown = only.filter((o) => !known.some((b) => b.name === o || b.group === o));
  if (unknown.length)
    throw new Error(`unknown benchmark ${unknown.join(', ')}; known: ${known.map((b) => b.name).join(', ')}`);
  return known.filter((b) => only.includes(b.name) || (all.includes(b) && only.includes(b.group)));
}

function gitCommit(): string {
  try {
    return execSync('git rev-parse --short HEAD', { cwd: benchDir, encoding: 'utf8' }).trim();
  } catch {
    return 'unknown';
  }
}

async function main(): Promise<number> {
  const args = parseArgs(process.argv.slice(2));
  if (args.list) {
    for (const b of benchmarks) console.log(`${b.name.padEnd(18)} ${b.group.padEnd(11)} ${b.title}`);
    for (const b of optionalBenchmarks)
      console.log(`${b.name.padEnd(18)} ${'(opt-in)'.padEnd(11)} ${b.title}`);
    return 0;
  }
  const chosen = selected(benchmarks, args.only);
  const ctx: BenchContext = {
    quick: args.quick,
    pgAdminUrl: process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    log: (message) => console.log(`   · ${message}`),
  };
  const started = new Date();
  console.log(
    `Centavo bench: node ${process.version}, ${cpus().length} cores, ${(totalmem() / 2 ** 30).toFixed(0)} GB, ` +
      `${args.quick ? 'QUICK' : 'full'} run of ${chosen.map((b) => b.name).join(', ')}`,
  );
  const results: BenchResult[] = [];
  for (const bench of chosen) {
    const result: BenchResult = {
      name: bench.name,
      title: bench.title,
      metrics: [],
      details: {},
      seconds: 0,
    };
    const t0 = performance.now();
    const loadBefore = loadavg()[0] ?? 0;
    console.log(`\n→ ${bench.name}: ${bench.title} (load average ${loadBefore.toFixed(1)})`);
    try {
      await bench.run(ctx, result);
    } catch (error) {
      result.error = error instanceof Error ? (error.stack ?? error.message) : String(error);
    } finally {
      killAllChildren();
    }
    result.seconds = (performance.now() - t0) / 1000;
    // Context for the figures: on a 2-core host, a load average well above 2 means other work shared the CPU.
    result.details.loadAverage = { before: loadBefore, after: loadavg()[0] ?? 0 };
    if (result.skipped) for (const m of result.metrics) m.verdict = 'SKIP';
    results.push(result);
    printResult(result);
  }

  const meta = {
    date: started.toISOString(),
    commit: gitCommit(),
    node: process.version,
    machine: `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${(totalmem() / 2 ** 30).toFixed(0)} GB`,
    mode: args.quick ? 'quick (indicative only)' : 'full',
    benchmarks: chosen.map((b) => b.name).join(', '),
    'total time': `${((Date.now() - started.getTime()) / 1000).toFixed(0)} s`,
  };
  const outDir = join(benchDir, 'results');
  mkdirSync(outDir, { recursive: true });
  const stamp = started.toISOString().replace(/[:.]/g, '-').slice(0, 19);
  const json = `${JSON.stringify({ meta, results }, null, 2)}\n`;
  const md = markdownSummary(results, meta);
  const full = !args.quick && args.only.length === 0;
  const base = full && !args.noLatest ? 'latest' : `run-${stamp}`;
  writeFileSync(join(outDir, `${base}.json`), json);
  writeFileSync(join(outDir, `${base}.md`), md);
  console.log(`\nResults: bench/results/${base}.json and .md (${meta['total time']})`);
  const failed = results.flatMap((r) => r.metrics).filter((m) => m.verdict === 'FAIL').length;
  const errors = results.filter((r) => r.error).length;
  console.log(`${failed} target(s) FAIL, ${errors} benchmark error(s)`);
  return errors > 0 ? 2 : failed > 0 ? 1 : 0;
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    killAllChildren();
    process.exit(130);
  });
}

main()
  .then((code) => {
    killAllChildren();
    process.exit(code);
  })
  .catch((error: unknown) => {
    killAllChildren();
    console.error(error);
    process.exit(2);
  });
