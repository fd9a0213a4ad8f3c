import type { Namespace } from '@centavo/shared';
import type { LocaleCode } from '@centavo/shared/constants';
import i18n from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next, useTranslation } from 'react-i18next';
import { cacheLocale, detectLocale, htmlLang, isLocale, localeOfLanguage } from './locale.ts';

/**
 * i18next over the en/br catalogues of @centavo/shared, one lazily loaded chunk per language and namespace:
 * a page downloads only the texts it shows. Components use react-i18next's `useTranslation` and `Trans`.
 *
 * i18next's languages are the `<html lang>` tags ('en', 'pt-BR'), not the app's locale codes: plurals come
 * from Intl.PluralRules, and 'br' is Breton there. Placeholders are `{name}`, as the server's own
 * `translate()` reads the same catalogues (packages/shared/src/i18n/index.ts).
 */
const catalogues = import.meta.glob<Record<string, object>>([
  '../../../../packages/shared/src/i18n/{en,br}/*.ts',
  '!**/index.ts',
]);

/**
 * A namespace's texts as a module with a default export: the backend reads `default` when there is one, and
 * the validation catalogue has a text of that name.
 */
function loadCatalogue(language: string, namespace: string): Promise<{ default: object }> {
  const load =
    catalogues[`../../../../packages/shared/src/i18n/${localeOfLanguage(language)}/${namespace}.ts`];
  if (!load) return Promise.reject(new Error(`No catalogue ${language}/${namespace}`));
  return load().then((module) => ({ default: module[namespace] ?? {} }));
}

/** Namespaces every screen uses: loaded with the first render. */
const BASE_NAMESPACES: Namespace[] = ['common', 'validation'];

// Spec §9: the chosen language is cached (storage, cookie) and set on <html lang>, which the API client
// sends as Accept-Language.
i18n.on('languageChanged', (language) => {
  if (globalThis.document) document.documentElement.lang = language;
  cacheLocale(localeOfLanguage(language));
});

let ready: Promise<unknown> | undefined;

/**
 * Starts i18next in the detected locale (spec §9) and loads the base namespaces; settles when they are in
 * memory. Rendering may start before: components suspend until their namespaces are loaded.
 */
export function initI18n(locale: LocaleCode = detectLocale()): Promise<unknown> {
  ready ??= i18n
    .use(resourcesToBackend(loadCatalogue))
    .use(initReactI18next)
    .init({
      lng: htmlLang(locale),
      supportedLngs: ['en', 'pt-BR'],
      // Only the language shown: no fallback language whose texts would download too (the en/br key-parity
      // test keeps both complete).
      load: 'currentOnly',
      fallbackLng: false,
      ns: BASE_NAMESPACES,
      defaultNS: 'common',
      interpolation: { escapeValue: false, prefix: '{', suffix: '}' },
    });
  return ready;
}

export function currentLocale(): LocaleCode {
  return localeOfLanguage(i18n.resolvedLanguage ?? i18n.language);
}

/** The interface language, for components that format but show no catalogue text. */
export function useLocale(): LocaleCode {
  const { i18n: instance } = useTranslation();
  return localeOfLanguage(instance.resolvedLanguage ?? instance.language);
}

/**
 * Switches the interface language (the caller also saves it on the server when signed in). i18next loads
 * every namespace used so far in the new language first, so the screen switches in one step.
 */
export async function changeLocale(target: LocaleCode): Promise<void> {
  if (isLocale(target)) await i18n.changeLanguage(htmlLang(target));
}

export { i18n };
