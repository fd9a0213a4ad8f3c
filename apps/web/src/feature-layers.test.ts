import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * STYLE.md "Modules that depend one way", in the web app: `app/` assembles features; a feature imports
 * from `components/`, `lib/` and packages/shared, never from another feature; `components/` and `lib/`
 * import no feature. A piece two features need moves down (components/, lib/queries/) or is passed in.
 */
const src = import.meta.dirname;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    // Tests may reach across to check what several features do together (lib/queries/invalidation).
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** `features/<name>` for a feature's file, else the top folder under src/ (app, components, lib). */
function area(file: string): string {
  const [top, feature] = relative(src, file).split('/');
  return top === 'features' ? `features/${feature}` : (top ?? '');
}

interface CrossImport {
  from: string;
  to: string;
  /** The importing file and the imported one, under src/. */
  file: string;
  target: string;
}

/** Every import from one area of src/ into another. */
function crossImports(): CrossImport[] {
  const out: CrossImport[] = [];
  for (const file of sourceFiles(src)) {
    for (const match of readFileSync(file, 'utf8').matchAll(/(?:from|import\()\s*'(\.[^']+)'/g)) {
      const target = resolve(dirname(file), match[1] as string);
      const from = area(file);
      const to = area(target);
      if (from !== to) out.push({ from, to, file: relative(src, file), target: relative(src, target) });
    }
  }
  return out;
}

describe('web features depend one way (STYLE.md)', () => {
  const imports = crossImports();

  it('finds the imports it checks', () => {
    // A broken pattern would find nothing and pass everything below.
    expect(imports.some((i) => i.from === 'app' && i.to.startsWith('features/'))).toBe(true);
    expect(imports.some((i) => i.from.startsWith('features/') && i.to === 'lib')).toBe(true);
  });

  it('no feature imports another feature', () => {
    const across = imports.filter((i) => i.from.startsWith('features/') && i.to.startsWith('features/'));
    expect(across.map((i) => `${i.file} → ${i.to}`)).toEqual([]);
  });

  it('components/ and lib/ import no feature, and of app/ only the typed paths', () => {
    const upward = imports.filter(
      (i) =>
        (i.from === 'components' || i.from === 'lib') &&
        (i.to.startsWith('features/') || (i.to === 'app' && i.target !== 'app/paths.ts')),
    );
    expect(upward.map((i) => `${i.file} → ${i.to}`)).toEqual([]);
  });
});
