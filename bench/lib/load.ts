import autocannon, { type AutocannonRequest } from 'autocannon';
import { cpuTimeMs, percentile, sampleRss } from './proc.ts';

export interface LoadOptions {
  url: string;
  connections: number;
  seconds: number;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  /** Dynamic requests (e.g. a different body per POST); overrides method/body. */
  requests?: AutocannonRequest[];
  /** Server pid whose RSS is sampled during the run. */
  pid?: number;
  /** Seconds of unmeasured load first, so the server's JIT and caches are warm. */
  warmupSeconds?: number;
}

export interface LoadResult {
  /** Successful (2xx) responses per second. */
  rps: number;
  p50: number;
  p99: number;
  mean: number;
  total: number;
  non2xx: number;
  errors: number;
  rssPeakMb: number | null;
  rssMeanMb: number | null;
  /**
   * Server CPU time per successful request (ms). Unlike rates, it hardly moves when other work shares the
   * machine, so ratios of CPU costs are the steadiest comparison on a noisy host.
   */
  cpuMsPerRequest: number | null;
}

/**
 * One autocannon run. Latency comes from autocannon's per-response event (float milliseconds), not from its
 * histogram, which rounds to whole milliseconds — too coarse for the 1–2 ms targets.
 */
export async function load(options: LoadOptions): Promise<LoadResult> {
  const base = {
    url: options.url,
    connections: options.connections,
    method: options.method ?? 'GET',
    headers: options.headers,
    body: options.body,
    requests: options.requests,
    timeout: 10,
  };
  if (options.warmupSeconds && options.warmupSeconds > 0) {
    await autocannon({ ...base, duration: options.warmupSeconds });
  }
  const latencies: number[] = [];
  let ok = 0;
  let non2xx = 0;
  const rss = options.pid ? sampleRss(options.pid) : null;
  const cpuBefore = options.pid ? cpuTimeMs(options.pid) : null;
  const started = performance.now();
  const instance = autocannon({ ...base, duration: options.seconds });
  instance.on('response', (_client: unknown, status: number, _bytes: number, ms: number) => {
    if (status >= 200 && status < 300) {
      ok += 1;
      latencies.push(ms);
    } else {
      non2xx += 1;
    }
  });
  const result = await instance;
  const elapsed = (performance.now() - started) / 1000;
  const cpuAfter = options.pid ? cpuTimeMs(options.pid) : null;
  const memory = rss?.stop();
  const mean = latencies.length ? latencies.reduce((a, b) => a + b, 0) / latencies.length : Number.NaN;
  return {
    rps: ok / elapsed,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    mean,
    total: ok,
    non2xx,
    errors: result.errors + result.timeouts,
    rssPeakMb: memory?.peak ?? null,
    rssMeanMb: memory?.mean ?? null,
    cpuMsPerRequest: cpuBefore !== null && cpuAfter !== null && ok > 0 ? (cpuAfter - cpuBefore) / ok : null,
  };
}

export interface Floor {
  ops: number;
  p50: number;
  p99: number;
  /** CPU time of this process per operation (ms): the Node side of the work (driver, Kysely, row objects). */
  cpuMsPerOp: number;
}

/** Runs `fn` repeatedly for `seconds` (after a short warm-up) and returns operations per second. */
export async function opsPerSecond(fn: () => unknown, seconds: number): Promise<Floor> {
  const warmEnd = performance.now() + Math.min(1000, seconds * 200);
  while (performance.now() < warmEnd) await fn();
  const times: number[] = [];
  const cpu = process.cpuUsage();
  const started = performance.now();
  const end = started + seconds * 1000;
  let now = started;
  while (now < end) {
    const t0 = now;
    await fn();
    now = performance.now();
    times.push(now - t0);
  }
  const used = process.cpuUsage(cpu);
  return {
    ops: times.length / ((now - started) / 1000),
    p50: percentile(times, 50),
    p99: percentile(times, 99),
    cpuMsPerOp: (used.user + used.system) / 1000 / times.length,
  };
}
