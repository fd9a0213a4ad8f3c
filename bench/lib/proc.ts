import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServer } from '../../scripts/build-server.mjs';

export const benchDir = join(dirname(fileURLToPath(import.meta.url)), '..');
export const rootDir = join(benchDir, '..');
export const dataDir = join(benchDir, '.data');

const built = new Map<string, Promise<string>>();

/**
 * The script of a server the benchmarks start, given as its TypeScript source (`apps/api/src/server.ts`,
 * `bench/fixtures/app-server.ts`): bundled into apps/api/dist as `npm start` bundles the server
 * (scripts/build-server.mjs), once per run. `BENCH_SERVER_SOURCE=ts` runs the `.ts` files themselves instead
 * (what `npm run dev` and the tests do), to measure the difference in one run.
 */
export function serverScript(source: string): Promise<string> {
  if (process.env.BENCH_SERVER_SOURCE === 'ts') return Promise.resolve(join(rootDir, source));
  let script = built.get(source);
  if (!script) {
    script = buildServer({ entry: source });
    built.set(source, script);
  }
  return script;
}

/** A fixture's script: `name` is its source file in bench/fixtures (`app-server.ts`). */
export function fixtureScript(name: string): Promise<string> {
  return serverScript(`bench/fixtures/${name}`);
}

/** Every child this run started, so an interrupted run leaves no server behind. */
const children = new Set<ChildProcess>();

export function killAllChildren(): void {
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }
  children.clear();
}

export function track(child: ChildProcess): ChildProcess {
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** One GET without keep-alive; resolves to the status code, or 0 when the connection fails. */
export function getStatus(url: string, timeoutMs = 2000): Promise<number> {
  return new Promise((resolve) => {
    const req = request(url, { method: 'GET', agent: false, timeout: timeoutMs }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(0));
    req.end();
  });
}

export async function getJson<T>(url: string, headers: Record<string, string> = {}): Promise<T> {
  const res = await fetch(url, { headers });
  if (!res.ok) throw new Error(`GET ${url} → ${res.status}: ${(await res.text()).slice(0, 300)}`);
  return (await res.json()) as T;
}

/** Resident set size of a process in MB (VmRSS of /proc/<pid>/status), or null once it is gone. */
export function rssMb(pid: number): number | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const match = /VmRSS:\s+(\d+)\s+kB/.exec(status);
    return match?.[1] ? Number(match[1]) / 1024 : null;
  } catch {
    return null;
  }
}

/** User + system CPU time a process has used so far, in ms (/proc/<pid>/stat, clock ticks of 10 ms). */
export function cpuTimeMs(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name, which may itself contain spaces and parentheses.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    return (ticks * 1000) / CLOCK_TICKS;
  } catch {
    return null;
  }
}
const CLOCK_TICKS = 100;

/** Samples a process's RSS every `everyMs` until stopped; reports the peak and the mean. */
export function sampleRss(pid: number, everyMs = 100) {
  const samples: number[] = [];
  const take = () => {
    const v = rssMb(pid);
    if (v !== null) samples.push(v);
  };
  take();
  const timer = setInterval(take, everyMs);
  return {
    stop() {
      clearInterval(timer);
      take();
      const peak = samples.length ? Math.max(...samples) : null;
      const mean = samples.length ? samples.reduce((a, b) => a + b, 0) / samples.length : null;
      return { peak, mean, samples: samples.length };
    },
  };
}

export interface Server {
  url: string;
  port: number;
  pid: number;
  child: ChildProcess;
  /** What the fixture printed on its READY line (tokens, user ids). */
  info: Record<string, unknown>;
  stop(): Promise<void>;
}

/**
 * Starts a fixture script (bench/fixtures/*.ts, run as its bundle: serverScript) in its own Node process and waits
 * for its `READY {json}` line. Load is generated in this process, so server and client each get one of the two cores.
 */
export async function startFixture(
  script: string,
  env: Record<string, string>,
  options: { timeoutMs?: number } = {},
): Promise<Server> {
  const file = await fixtureScript(script);
  return new Promise((resolve, reject) => {
    const child = track(
      spawn(process.execPath, [file], {
        cwd: rootDir,
        env: { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'silent', ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      }),
    );
    let stderr = '';
    let buffer = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${script} did not start in time: ${stderr.slice(-2000)}`));
    }, options.timeoutMs ?? 120_000);
    child.stderr?.on('data', (d: Buffer) => {
      stderr += d.toString();
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${script} exited with ${code}: ${stderr.slice(-2000)}`));
    });
    child.stdout?.on('data', (d: Buffer) => {
      buffer += d.toString();
      const line = buffer.split('\n').find((l) => l.startsWith('READY '));
      if (!line) return;
      clearTimeout(timer);
      child.removeAllListeners('exit');
      const info = JSON.parse(line.slice(6)) as Record<string, unknown>;
      const port = Number(info.port);
      resolve({
        url: `http://127.0.0.1:${port}`,
        port,
        pid: child.pid ?? 0,
        child,
        info,
        stop: () => stopChild(child),
      });
    });
  });
}

export function stopChild(child: ChildProcess, graceMs = 5000): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

export function median(values: number[]): number {
  return percentile(values, 50);
}

/** Nearest-rank percentile of unsorted values. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank] ?? Number.NaN;
}
