import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * STYLE.md "Modules that depend one way": a module imports only from modules on a lower layer (or its own
 * layer, one way), never from one above, and no two modules import each other. A new module folder must be
 * given its layer here. The layers are explained in src/modules/money-core/CONTEXT.md.
 */
const LAYERS: Record<string, number> = {
  reference: 0,
  health: 0,
  identity: 1,
  'money-core': 2,
  banks: 3,
  accounts: 3,
  categories: 3,
  tags: 3,
  cards: 4,
  budgets: 4,
  // Rules sit beside cards (they read accounts, cards and categories, write through the money core) so that
  // entries (on_create) and import (rows) above them can both run them.
  rules: 4,
  entries: 5,
  reports: 6,
  billing: 6,
  import: 7,
};

const modulesDir = join(import.meta.dirname, '..', 'src', 'modules');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.ts$|test-helpers\.ts$/.test(entry.name) ? [path] : [];
  });
}

/** Every (from module, to module, file) import between two module folders, tests aside. */
function moduleImports(): Array<{ from: string; to: string; file: string }> {
  const out: Array<{ from: string; to: string; file: string }> = [];
  for (const file of sourceFiles(modulesDir)) {
    const from = relative(modulesDir, file).split('/')[0] as string;
    if (from.endsWith('.ts')) continue; // modules/index.ts: the composition root imports every module.
    for (const match of readFileSync(file, 'utf8').matchAll(/from '\.\.\/([a-z-]+)\//g)) {
      const to = match[1] as string;
      if (to !== from) out.push({ from, to, file: relative(modulesDir, file) });
    }
  }
  return out;
}

describe('API modules depend one way (STYLE.md)', () => {
  const imports = moduleImports();

  it('every module folder has a layer', () => {
    const folders = readdirSync(modulesDir, { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => e.name);
    expect(folders.filter((f) => LAYERS[f] === undefined)).toEqual([]);
  });

  it('no module imports from a module above it', () => {
    const upward = imports.filter(({ from, to }) => (LAYERS[to] ?? 99) > (LAYERS[from] ?? -1));
    expect(upward.map((i) => `${i.file} → ${i.to}`)).toEqual([]);
  });

  it('no two modules import each other', () => {
    const pairs = new Set(imports.map((i) => `${i.from}→${i.to}`));
    const twoWay = [...pairs].filter((p) => pairs.has(p.split('→').reverse().join('→')));
    expect(twoWay).toEqual([]);
  });
});
