import type { Namespace } from '@centavo/shared';
import { FALLBACK_LOCALE, LOCALES, type LocaleCode } from '@centavo/shared/constants';
import i18next, { type BackendModule, type ReadCallback } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { cacheLocale, detectLocale, htmlLang, isLocale } from './locale.ts';

type Catalogue = Record<string, unknown>;
type Loader = () => Promise<Catalogue>;

/**
 * One loader per language and namespace, so a page downloads only the texts it shows (the login page
 * never pays for the ledger or help texts).
 */
const loaders: Record<LocaleCode, Partial<Record<Namespace, Loader>>> = {
  en: {
    common: () => import('@centavo/shared/i18n/en/common').then((m) => m.common),
    auth: () => import('@centavo/shared/i18n/en/auth').then((m) => m.auth),
    settings: () => import('@centavo/shared/i18n/en/settings').then((m) => m.settings),
    help: () => import('@centavo/shared/i18n/en/help').then((m) => m.help),
    validation: () => import('@centavo/shared/i18n/en/validation').then((m) => m.validation),
    landing: () => import('@centavo/shared/i18n/en/landing').then((m) => m.landing),
    ledger: () => import('@centavo/shared/i18n/en/ledger').then((m) => m.ledger),
    entries: () => import('@centavo/shared/i18n/en/entries').then((m) => m.entries),
  },
  br: {
    common: () => import('@centavo/shared/i18n/br/common').then((m) => m.common),
    auth: () => import('@centavo/shared/i18n/br/auth').then((m) => m.auth),
    settings: () => import('@centavo/shared/i18n/br/settings').then((m) => m.settings),
    help: () => import('@centavo/shared/i18n/br/help').then((m) => m.help),
    validation: () => import('@centavo/shared/i18n/br/validation').then((m) => m.validation),
    landing: () => import('@centavo/shared/i18n/br/landing').then((m) => m.landing),
    ledger: () => import('@centavo/shared/i18n/br/ledger').then((m) => m.ledger),
    entries: () => import('@centavo/shared/i18n/br/entries').then((m) => m.entries),
  },
};

const lazyBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language: string, namespace: string, callback: ReadCallback) {
    const loader = isLocale(language) ? loaders[language][namespace as Namespace] : undefined;
    if (!loader) {
      callback(null, {});
      return;
    }
    loader().then(
      (data) => callback(null, data as ReadCallback extends (e: null, d: infer D) => void ? D : never),
      (error: unknown) => callback(error instanceof Error ? error.message : String(error), false),
    );
  },
};

export const i18n = i18next;

function applyLocale(locale: LocaleCode): void {
  if (globalThis.document) document.documentElement.lang = htmlLang(locale);
  cacheLocale(locale);
}

/** Starts i18next with the detected locale and the namespaces the first screen needs. */
export async function initI18n(locale: LocaleCode = detectLocale()): Promise<typeof i18next> {
  if (i18next.isInitialized) return i18next;
  i18next.on('languageChanged', (language) => {
    if (isLocale(language)) applyLocale(language);
  });
  await i18next
    .use(lazyBackend)
    .use(initReactI18next)
    .init({
      lng: locale,
      fallbackLng: FALLBACK_LOCALE,
      supportedLngs: [...LOCALES],
      // 'br' is not a BCP 47 language; keep i18next from trying 'br' → 'b' style fallbacks.
      load: 'currentOnly',
      ns: ['common', 'validation'],
      defaultNS: 'common',
      interpolation: { escapeValue: false, prefix: '{', suffix: '}' },
      returnNull: false,
      react: { useSuspense: true },
    });
  applyLocale(locale);
  return i18next;
}

export function currentLocale(): LocaleCode {
  const language = i18next.resolvedLanguage ?? i18next.language;
  return isLocale(language) ? language : FALLBACK_LOCALE;
}

/** Switches the interface language (the caller also saves it on the server when signed in). */
export async function changeLocale(locale: LocaleCode): Promise<void> {
  await i18next.changeLanguage(locale);
}
