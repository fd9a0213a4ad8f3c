import { describe, expect, it } from 'vitest';
import { catalogueKeys, resources } from './index.ts';

/** i18next's plural suffixes (`key_one`, `key_other`, and `key_zero` tried first for a count of 0). */
const PLURAL = /_(zero|one|two|few|many|other)$/;
/** The app's languages as i18next and Intl.PluralRules know them (lib/i18n.ts in the web app). */
const TAGS = { en: 'en', br: 'pt-BR' } as const;

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

  it('tells users nothing meant for developers on the plan pages (issue 23 #13b)', () => {
    for (const locale of ['en', 'br'] as const) {
      const texts = catalogueKeys({ billing: resources[locale].billing }).map((key) =>
        String(
          key
            .split('.')
            .reduce<unknown>((n, p) => (n as Record<string, unknown> | undefined)?.[p], resources[locale]),
        ),
      );
      expect(
        texts.filter((text) => /secret key|chave secreta|browser|navegador/i.test(text)),
        locale,
      ).toEqual([]);
    }
  });

  it('writes placeholders with single braces, as the apps configure i18next', () => {
    const lookup = (root: unknown, key: string) =>
      key.split('.').reduce<unknown>((n, p) => (n as Record<string, unknown> | undefined)?.[p], root);
    for (const locale of ['en', 'br'] as const) {
      const doubled = catalogueKeys(resources[locale]).filter((key) =>
        /\{\{/.test(String(lookup(resources[locale], key))),
      );
      expect(doubled, locale).toEqual([]);
    }
  });

  it('gives every plural key its one and other forms, and only forms the language has', () => {
    for (const [locale, tag] of Object.entries(TAGS) as [keyof typeof TAGS, string][]) {
      const keys = catalogueKeys(resources[locale]);
      const bases = new Set(keys.filter((k) => PLURAL.test(k)).map((k) => k.replace(PLURAL, '')));
      expect(bases.size, `${locale} has plural keys`).toBeGreaterThan(0);
      // `many` (pt-BR's millions) falls back to `other` in i18next; `zero` is i18next's own extra form.
      const forms = new Set([...new Intl.PluralRules(tag).resolvedOptions().pluralCategories, 'zero']);
      for (const base of bases) {
        expect(keys, `${locale}: ${base}_one`).toContain(`${base}_one`);
        expect(keys, `${locale}: ${base}_other`).toContain(`${base}_other`);
        expect(keys, `${locale}: ${base} without its plural forms`).not.toContain(base);
      }
      for (const key of keys.filter((k) => PLURAL.test(k))) {
        expect(forms, `${locale}: ${key}`).toContain(PLURAL.exec(key)?.[1]);
      }
    }
  });
});
