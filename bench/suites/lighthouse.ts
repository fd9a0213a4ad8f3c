import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import { type Benchmark, push } from '../lib/context.ts';
import { dataDir, median } from '../lib/proc.ts';
import { metric } from '../lib/report.ts';
import { startApp, startBare } from '../lib/servers.ts';
import { buildWebOnce, CHROME_FLAGS, CHROMIUM, freshProfile, webDist } from '../lib/web.ts';
import { LOGIN_PATH } from './web-size.ts';

interface Run {
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  si: number;
}

type LighthouseModule = typeof import('lighthouse');

/** One Lighthouse performance run in a fresh Chrome with a fresh profile (simulated throttling, offline). */
async function lighthouseOnce(
  lh: LighthouseModule,
  url: string,
  formFactor: 'mobile' | 'desktop',
): Promise<Run> {
  const profile = freshProfile();
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: CHROME_FLAGS,
    userDataDir: profile.dir,
    logLevel: 'silent',
  });
  try {
    const flags = {
      port: chrome.port,
      output: 'json' as const,
      logLevel: 'error' as const,
      onlyCategories: ['performance'],
    };
    const runner = await lh.default(url, flags, formFactor === 'desktop' ? lh.desktopConfig : undefined);
    const lhr = runner?.lhr;
    if (!lhr) throw new Error('lighthouse returned no result');
    if (lhr.runtimeError) throw new Error(`lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    return {
      score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      fcp: audit('first-contentful-paint'),
      lcp: audit('largest-contentful-paint'),
      tbt: audit('total-blocking-time'),
      cls: audit('cumulative-layout-shift'),
      si: audit('speed-index'),
    };
  } finally {
    chrome.kill();
    profile.remove();
  }
}

/** Lighthouse sometimes loses the trace on a loaded host (NO_NAVSTART, NO_FCP): one retry, then the error. */
async function lighthouseRun(
  lh: LighthouseModule,
  url: string,
  formFactor: 'mobile' | 'desktop',
): Promise<Run> {
  try {
    return await lighthouseOnce(lh, url, formFactor);
  } catch (error) {
    if (!(error instanceof Error) || !error.message.startsWith('lighthouse:')) throw error;
    return lighthouseOnce(lh, url, formFactor);
  }
}

export const lighthouse: Benchmark = {
  name: 'lighthouse',
  title: `Lighthouse performance of ${LOGIN_PATH} (mobile and desktop presets, offline)`,
  group: 'foundation',
  async run(ctx, result) {
    let lh: LighthouseModule;
    try {
      lh = await import('lighthouse');
    } catch (error) {
      // Seen on fresh installs: lighthouse's trace engine asks for `third-party-web@latest`; an `overrides`
      // entry in the root package.json pins it (see bench/README.md).
      result.skipped = `lighthouse does not load: ${error instanceof Error ? error.message : String(error)}`;
      return;
    }
    const build = buildWebOnce();
    if (!build) {
      result.skipped = 'apps/web/index.html does not exist yet: no web app to audit';
      return;
    }
    const runs = ctx.quick ? 1 : 3;
    const server = await startApp({ databaseUrl: `sqlite:${join(dataDir, 'web', 'centavo.db')}`, webDist });
    const bare = await startBare();
    try {
      const baseline = await lighthouseRun(lh, `${bare.url}/page`, 'mobile');
      for (const formFactor of ['mobile', 'desktop'] as const) {
        const samples: Run[] = [];
        for (let i = 0; i < (formFactor === 'mobile' ? runs : Math.max(1, runs - 2)); i++) {
          samples.push(await lighthouseRun(lh, `${server.url}${LOGIN_PATH}`, formFactor));
          ctx.log(`${formFactor} run ${i + 1}: score ${samples.at(-1)?.score}`);
        }
        const med = (f: (r: Run) => number) => median(samples.map(f));
        push(
          result,
          metric({
            name: `${formFactor}: performance score (median of ${samples.length})`,
            value: med((r) => r.score),
            unit: '',
            baseline: formFactor === 'mobile' ? baseline.score : undefined,
            baselineName: formFactor === 'mobile' ? 'minimal page' : undefined,
            target: { on: 'value', op: '>=', limit: formFactor === 'mobile' ? 95 : 100 },
            note: `scores ${samples.map((r) => r.score).join(', ')}`,
          }),
        );
        push(
          result,
          metric({
            name: `${formFactor}: FCP`,
            value: med((r) => r.fcp),
            unit: 'ms',
            baseline: formFactor === 'mobile' ? baseline.fcp : undefined,
          }),
        );
        push(
          result,
          metric({
            name: `${formFactor}: LCP`,
            value: med((r) => r.lcp),
            unit: 'ms',
            baseline: formFactor === 'mobile' ? baseline.lcp : undefined,
          }),
        );
        push(result, metric({ name: `${formFactor}: TBT`, value: med((r) => r.tbt), unit: 'ms' }));
        push(
          result,
          metric({
            name: `${formFactor}: CLS`,
            value: med((r) => r.cls),
            unit: '',
            target: { on: 'value', op: '<=', limit: 0.02 },
          }),
        );
        result.details[formFactor] = samples;
      }
      result.details.baseline = baseline;
    } finally {
      await server.stop();
      await bare.stop();
    }
  },
};
