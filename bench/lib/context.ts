import type { BenchResult, Metric } from './report.ts';

export interface BenchContext {
  /** --quick: fewer repetitions and shorter load, for a smoke run (figures are indicative only). */
  quick: boolean;
  /** PostgreSQL server the benchmarks create their own databases in. */
  pgAdminUrl: string;
  log(message: string): void;
}

export interface Benchmark {
  name: string;
  title: string;
  /** Which issue it belongs to; `npm run bench -- --only foundation` runs a whole group. */
  group: 'foundation' | 'ledger' | 'billing';
  run(ctx: BenchContext, result: BenchResult): Promise<void>;
}

/** Adds a metric to a result and returns it (so suites can read its verdict). */
export function push(result: BenchResult, m: Metric): Metric {
  result.metrics.push(m);
  return m;
}

export function pgUrl(adminUrl: string, database: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  return url.toString();
}
