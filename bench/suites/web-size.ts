import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { type Benchmark, push } from '../lib/context.ts';
import { dataDir } from '../lib/proc.ts';
import { metric } from '../lib/report.ts';
import { startApp } from '../lib/servers.ts';
import { buildWebOnce, launchBrowser, webDist } from '../lib/web.ts';

export const LOGIN_PATH = '/auth/login';

interface Asset {
  url: string;
  kind: 'js' | 'css';
  bytes: number;
  gzip: number;
  encoding: string | null;
}

const gzip9 = (body: Buffer) => gzipSync(body, { level: 9 }).length;

function distFiles(dir: string, ext: string): Array<{ path: string; bytes: number; gzip: number }> {
  const out: Array<{ path: string; bytes: number; gzip: number }> = [];
  const walk = (d: string) => {
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, entry.name);
      if (entry.isDirectory()) walk(p);
      else if (entry.name.endsWith(ext)) {
        const bytes = statSync(p).size;
        out.push({ path: p.slice(dir.length + 1), bytes, gzip: 0 });
      }
    }
  };
  walk(dir);
  return out;
}

export const webSize: Benchmark = {
  name: 'web-size',
  title: `First load of ${LOGIN_PATH}: JS and CSS bytes (gzip level 9 of each response)`,
  group: 'foundation',
  async run(ctx, result) {
    const build = buildWebOnce();
    if (!build) {
      result.skipped = 'apps/web/index.html does not exist yet: no web app to build';
      return;
    }
    ctx.log(`web app built in ${build.seconds.toFixed(1)} s into ${webDist}`);
    result.details.buildSeconds = build.seconds;
    const server = await startApp({ databaseUrl: `sqlite:${join(dataDir, 'web', 'centavo.db')}`, webDist });
    const browser = await launchBrowser();
    try {
      const context = await browser.newContext();
      const page = await context.newPage();
      const pending: Array<Promise<Asset | null>> = [];
      page.on('response', (response) => {
        const type = response.request().resourceType();
        const url = response.url();
        const kind: Asset['kind'] | null =
          type === 'script' || /\.m?js(\?|$)/.test(url)
            ? 'js'
            : type === 'stylesheet' || /\.css(\?|$)/.test(url)
              ? 'css'
              : null;
        if (!kind) return;
        pending.push(
          response
            .body()
            .then((body) => ({
              url: new URL(url).pathname,
              kind,
              bytes: body.length,
              gzip: gzip9(body),
              encoding: response.headers()['content-encoding'] ?? null,
            }))
            .catch(() => null),
        );
      });
      const res = await page.goto(`${server.url}${LOGIN_PATH}`, { waitUntil: 'networkidle' });
      if (res?.status() !== 200) throw new Error(`GET ${LOGIN_PATH} → ${res?.status()}`);
      await page.waitForTimeout(500);
      const assets = (await Promise.all(pending)).filter((a): a is Asset => a !== null);
      await context.close();

      const sum = (kind: Asset['kind'], field: 'bytes' | 'gzip') =>
        assets.filter((a) => a.kind === kind).reduce((acc, a) => acc + a[field], 0) / 1024;
      const jsFiles = assets.filter((a) => a.kind === 'js').length;
      const cssFiles = assets.filter((a) => a.kind === 'css').length;
      const encodings = [...new Set(assets.map((a) => a.encoding ?? 'identity'))].join(', ');
      push(
        result,
        metric({
          name: 'JS on first load (gzip)',
          value: sum('js', 'gzip'),
          unit: 'KB',
          target: { on: 'value', op: '<=', limit: 180 },
          note: `${jsFiles} file(s), ${sum('js', 'bytes').toFixed(0)} KB raw; served as ${encodings}`,
        }),
      );
      push(
        result,
        metric({
          name: 'CSS on first load (gzip)',
          value: sum('css', 'gzip'),
          unit: 'KB',
          target: { on: 'value', op: '<=', limit: 25 },
          note: `${cssFiles} file(s), ${sum('css', 'bytes').toFixed(0)} KB raw`,
        }),
      );
      // Everything the build emits, for context: how much is split off the first load.
      const allJs = distFiles(webDist, '.js');
      const allCss = distFiles(webDist, '.css');
      push(
        result,
        metric({
          name: 'all JS in the build (raw)',
          value: allJs.reduce((a, f) => a + f.bytes, 0) / 1024,
          unit: 'KB',
          note: `${allJs.length} file(s); CSS ${allCss.reduce((a, f) => a + f.bytes, 0) / 1024 > 0 ? (allCss.reduce((a, f) => a + f.bytes, 0) / 1024).toFixed(0) : 0} KB raw`,
        }),
      );
      push(result, metric({ name: 'web build time', value: build.seconds, unit: 's' }));
      result.details.assets = assets;
    } finally {
      await browser.close();
      await server.stop();
    }
  },
};
