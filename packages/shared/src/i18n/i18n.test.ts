import { describe, expect, it } from 'vitest';
import { catalogueKeys, resources } from './index.ts';

describe('i18n catalogues', () => {
  it('has every key in both languages', () => {
    const en = new Set(catalogueKeys(resources.en));
    const br = new Set(catalogueKeys(resources.br));
    expect(
      [...en].filter((k) => !br.has(k)),
      'keys only in en',
    ).toEqual([]);
    expect(
      [...br].filter((k) => !en.has(k)),
      'keys only in br',
    ).toEqual([]);
  });

  it('uses the same placeholders in both languages', () => {
    const lookup = (root: unknown, key: string) =>
      key.split('.').reduce<unknown>((n, p) => (n as Record<string, unknown> | undefined)?.[p], root);
    for (const key of catalogueKeys(resources.en)) {
      const a =
        String(lookup(resources.en, key))
          .match(/\{\w+\}/g)
          ?.sort() ?? [];
      const b =
        String(lookup(resources.br, key))
          .match(/\{\w+\}/g)
          ?.sort() ?? [];
      expect(b, key).toEqual(a);
    }
  });
});
