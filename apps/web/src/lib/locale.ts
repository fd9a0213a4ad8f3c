import {
  FALLBACK_LOCALE,
  I18N_REDIRECTED_COOKIE,
  LANGUAGE_COOKIE_DAYS,
  LANGUAGE_IDS,
  LANGUAGE_STORAGE_KEY,
  LOCALES,
  type LocaleCode,
} from '@centavo/shared/constants';

/**
 * Locale detection and caching of spec §9: read from session storage, cookie, local storage (key
 * 'language', in that order), else from the browser; cache in the same three. The locale is never in the URL.
 */
export function isLocale(value: unknown): value is LocaleCode {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** The browser's default: Portuguese (pt-BR or any pt) → br, anything else → en. */
export function browserLocale(
  languages: readonly string[] = globalThis.navigator?.languages ?? [],
): LocaleCode {
  const first = languages[0] ?? globalThis.navigator?.language ?? '';
  return /^pt\b/i.test(first) ? 'br' : FALLBACK_LOCALE;
}

export function localeFromLanguageId(id: number): LocaleCode {
  return id === LANGUAGE_IDS.br ? 'br' : 'en';
}

export function languageIdFromLocale(locale: LocaleCode): number {
  return LANGUAGE_IDS[locale];
}

/** The value of `<html lang>` for a locale. */
export function htmlLang(locale: LocaleCode): string {
  return locale === 'br' ? 'pt-BR' : 'en';
}

/** The locale of an `<html lang>` tag (i18next's language): pt-BR → br, anything else → en. */
export function localeOfLanguage(language: string | undefined): LocaleCode {
  return language === 'pt-BR' ? 'br' : 'en';
}

/** BCP 47 tag for Intl formatting. */
export function intlLocale(locale: LocaleCode): string {
  return locale === 'br' ? 'pt-BR' : 'en-US';
}

export function readCookie(name: string, cookie: string = globalThis.document?.cookie ?? ''): string | null {
  for (const part of cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return null;
}

function safeGet(storage: Storage | undefined): string | null {
  try {
    return storage?.getItem(LANGUAGE_STORAGE_KEY) ?? null;
  } catch {
    return null;
  }
}

/**
 * Whether the app runs in a frame of another origin. Only then do cookies need `SameSite=None; Secure`
 * to be sent; a same-origin app keeps the safer `Lax`. Reading a cross-origin top's location throws.
 */
export function isCrossOriginContext(win: Window | undefined = globalThis.window): boolean {
  if (!win || win.top === win.self) return false;
  try {
    return win.top?.location.origin !== win.location.origin;
  } catch {
    return true;
  }
}

export function cookieAttributes(crossOrigin: boolean = isCrossOriginContext()): string {
  const maxAge = LANGUAGE_COOKIE_DAYS * 24 * 60 * 60;
  return `; Max-Age=${maxAge}; Path=/; ${crossOrigin ? 'SameSite=None; Secure' : 'SameSite=Lax'}`;
}

/** The locale chosen before (session storage → cookie → local storage), or null. */
export function readCachedLocale(): LocaleCode | null {
  const candidates = [
    safeGet(globalThis.sessionStorage),
    readCookie(LANGUAGE_STORAGE_KEY),
    safeGet(globalThis.localStorage),
  ];
  return candidates.find(isLocale) ?? null;
}

export function detectLocale(): LocaleCode {
  return readCachedLocale() ?? browserLocale();
}

/** Writes the locale to the three caches and marks it resolved with the i18n_redirected cookie. */
export function cacheLocale(locale: LocaleCode): void {
  const attributes = cookieAttributes();
  try {
    globalThis.sessionStorage?.setItem(LANGUAGE_STORAGE_KEY, locale);
  } catch {
    // Storage disabled: the cookie still carries the choice.
  }
  try {
    globalThis.localStorage?.setItem(LANGUAGE_STORAGE_KEY, locale);
  } catch {
    // As above.
  }
  if (globalThis.document) {
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in Firefox/Safari and jsdom
    document.cookie = `${LANGUAGE_STORAGE_KEY}=${encodeURIComponent(locale)}${attributes}`;
    if (readCookie(I18N_REDIRECTED_COOKIE) === null) {
      // biome-ignore lint/suspicious/noDocumentCookie: as above
      document.cookie = `${I18N_REDIRECTED_COOKIE}=${encodeURIComponent(locale)}${attributes}`;
    }
  }
}
