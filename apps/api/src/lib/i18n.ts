import { FALLBACK_LOCALE, type LocaleCode, NAMESPACES, resources } from '@centavo/shared';
import i18next from 'i18next';

/**
 * The server's texts (error messages, e-mails) from the same en/br catalogues and with the same library as
 * the web app. 'br' is the app's code for Brazilian Portuguese; to i18next it would be Breton, whose plural
 * rules differ, so the catalogue goes in under pt-BR.
 */
const LANGUAGES: Record<LocaleCode, string> = { en: 'en', br: 'pt-BR' };

const i18n = i18next.createInstance();
void i18n.init({
  resources: { [LANGUAGES.en]: resources.en, [LANGUAGES.br]: resources.br },
  lng: LANGUAGES[FALLBACK_LOCALE],
  fallbackLng: LANGUAGES[FALLBACK_LOCALE],
  ns: NAMESPACES,
  // The catalogues' placeholders are `{name}`; nothing here is HTML (mail.ts escapes what it puts in HTML).
  interpolation: { prefix: '{', suffix: '}', escapeValue: false },
  // The resources are in memory: initialised synchronously, usable at once.
  initAsync: false,
});

/** `ns:key.path` in `locale`, placeholders filled from `params`; `count` picks a plural form. */
export function translate(
  locale: LocaleCode,
  key: string,
  params: Record<string, string | number> = {},
): string {
  return i18n.t(key, { ...params, lng: LANGUAGES[locale] });
}

/** Whether `key` (`ns:key.path`) names a text of the catalogues, plural forms included. */
export function hasText(key: string): boolean {
  return i18n.exists(key, { count: 2 }) || i18n.exists(key);
}
