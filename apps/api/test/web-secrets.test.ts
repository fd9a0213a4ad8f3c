import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'vite';
import { afterAll, describe, expect, it } from 'vitest';

// The Stripe secret key lives on the server only (DESIGN.md §6, QUALITY.md "Secrets"): the web app is built
// here with billing's secrets in the environment, as a careless CI would, and every built file is scanned.
const webRoot = join(import.meta.dirname, '../../web');
const outDir = mkdtempSync(join(tmpdir(), 'centavo-web-secrets-'));
const SECRET_KEY = `sk_test_centavo_${Math.random().toString(36).slice(2)}`;
const WEBHOOK_SECRET = ['whsec', 'centavo', Math.random().toString(36).slice(2)].join('_');
// Stripe's secret and restricted keys and webhook signing secrets, live or test.
const SECRET_SHAPES = /\b(?:sk|rk)_(?:live|test)_[0-9A-Za-z_]{6,}|\bwhsec_[0-9A-Za-z_]{6,}/;

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : [path];
  });
}

describe('the built web app', () => {
  afterAll(() => rmSync(outDir, { recursive: true, force: true }));

  it('holds no Stripe secret, even when the build ran with them in its environment', async () => {
    const saved = { ...process.env };
    Object.assign(process.env, {
      STRIPE_SECRET_KEY: SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      VITE_STRIPE_SECRET_KEY: SECRET_KEY,
    });
    try {
      await build({ root: webRoot, logLevel: 'silent', build: { outDir, emptyOutDir: true } });
    } finally {
      for (const key of ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'VITE_STRIPE_SECRET_KEY']) {
        if (saved[key] === undefined) delete process.env[key];
        else process.env[key] = saved[key];
      }
    }
    const built = files(outDir);
    expect(built.some((f) => f.endsWith('.js'))).toBe(true);
    const leaks: string[] = [];
    for (const file of built) {
      const text = readFileSync(file, 'latin1');
      if (text.includes(SECRET_KEY) || text.includes(WEBHOOK_SECRET) || SECRET_SHAPES.test(text))
        leaks.push(file);
    }
    expect(leaks).toEqual([]);
  }, 180_000);
});
