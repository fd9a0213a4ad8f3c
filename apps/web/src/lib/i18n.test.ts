import { beforeAll, describe, expect, it } from 'vitest';
import { changeLocale, currentLocale, i18n, initI18n } from './i18n.ts';
import { readCookie } from './locale.ts';

describe('i18next over the shared catalogues', () => {
  beforeAll(async () => {
    await initI18n('en');
  });

  it('loads the base namespaces first and the others when asked', async () => {
    expect(i18n.hasLoadedNamespace('common')).toBe(true);
    expect(i18n.hasLoadedNamespace('validation')).toBe(true);
    expect(i18n.hasLoadedNamespace('ledger')).toBe(false);
    await i18n.loadNamespaces('ledger');
    expect(i18n.t('ledger:accounts.title')).toBe('Accounts');
  });

  it('fills {name} placeholders as written, without HTML escaping (React escapes)', () => {
    expect(i18n.t('ledger:tags.createdToast', { name: 'R&D <2026>' })).toBe('Tag R&D <2026> created');
  });

  it('picks plural forms by count in both languages', async () => {
    await i18n.loadNamespaces('ledger');
    const count = (n: number) => i18n.t('ledger:tags.count', { count: n });
    expect([count(0), count(1), count(2)]).toEqual(['No tags', '1 tag', '2 tags']);
    await changeLocale('br');
    expect([count(0), count(1), count(2), count(1_000_000)]).toEqual([
      'Nenhuma tag',
      '1 tag',
      '2 tags',
      // pt-BR's plural rules call a million "many": i18next falls back to the other form.
      '1000000 tags',
    ]);
    expect(i18n.t('ledger:common.entries', { count: 1 })).toBe('1 lançamento');
    expect(i18n.t('ledger:common.entries', { count: 3 })).toBe('3 lançamentos');
    await changeLocale('en');
  });

  it('switches <html lang> and the caches of spec §9 with the language, texts loaded first', async () => {
    await i18n.loadNamespaces('entries');
    await changeLocale('br');
    expect(currentLocale()).toBe('br');
    expect(document.documentElement.lang).toBe('pt-BR');
    expect(localStorage.getItem('language')).toBe('br');
    expect(sessionStorage.getItem('language')).toBe('br');
    expect(readCookie('language')).toBe('br');
    // Every namespace in use is already in memory in the new language: no text shows as its key.
    expect(i18n.t('entries:title')).toBe('Lançamentos');
    await changeLocale('en');
    expect(document.documentElement.lang).toBe('en');
    expect(readCookie('language')).toBe('en');
  });
});
