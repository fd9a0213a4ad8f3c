import { afterEach, describe, expect, it } from 'vitest';
import {
  browserLocale,
  cacheLocale,
  cookieAttributes,
  detectLocale,
  htmlLang,
  isCrossOriginContext,
  localeFromLanguageId,
  readCookie,
} from './locale.ts';

function clearCookies() {
  for (const name of ['language', 'i18n_redirected']) {
    // biome-ignore lint/suspicious/noDocumentCookie: test set-up
    document.cookie = `${name}=; Max-Age=0; Path=/`;
  }
}

describe('locale detection (spec §9)', () => {
  afterEach(() => {
    sessionStorage.clear();
    localStorage.clear();
    clearCookies();
  });

  it('defaults from the browser: Portuguese → br, anything else → en', () => {
    expect(browserLocale(['pt-BR', 'en'])).toBe('br');
    expect(browserLocale(['pt'])).toBe('br');
    expect(browserLocale(['pt-PT'])).toBe('br');
    expect(browserLocale(['en-US', 'pt-BR'])).toBe('en');
    expect(browserLocale(['de'])).toBe('en');
    expect(browserLocale([])).toBe('en');
  });

  it('reads session storage first, then the cookie, then local storage', () => {
    localStorage.setItem('language', 'br');
    expect(detectLocale()).toBe('br');
    // biome-ignore lint/suspicious/noDocumentCookie: test set-up
    document.cookie = 'language=en; Path=/';
    expect(detectLocale()).toBe('en');
    sessionStorage.setItem('language', 'br');
    expect(detectLocale()).toBe('br');
  });

  it('ignores values that are not a locale', () => {
    sessionStorage.setItem('language', 'fr');
    localStorage.setItem('language', 'br');
    expect(detectLocale()).toBe('br');
  });

  it('caches in the three places and sets i18n_redirected once', () => {
    cacheLocale('br');
    expect(sessionStorage.getItem('language')).toBe('br');
    expect(localStorage.getItem('language')).toBe('br');
    expect(readCookie('language')).toBe('br');
    expect(readCookie('i18n_redirected')).toBe('br');
    cacheLocale('en');
    expect(readCookie('language')).toBe('en');
    // Marks that the locale was resolved; it is not rewritten on later switches.
    expect(readCookie('i18n_redirected')).toBe('br');
  });

  it('uses a 365-day, path-wide, SameSite=Lax cookie, and None; Secure when cross-origin', () => {
    expect(cookieAttributes(false)).toBe(`; Max-Age=${365 * 24 * 3600}; Path=/; SameSite=Lax`);
    expect(cookieAttributes(true)).toContain('SameSite=None; Secure');
    expect(isCrossOriginContext(window)).toBe(false);
  });

  it('maps language ids and html lang', () => {
    expect(localeFromLanguageId(1)).toBe('en');
    expect(localeFromLanguageId(2)).toBe('br');
    expect(htmlLang('br')).toBe('pt-BR');
    expect(htmlLang('en')).toBe('en');
  });
});
