import type { Namespace } from '@centavo/shared';
import { FALLBACK_LOCALE, type LocaleCode } from '@centavo/shared/constants';
import { useMemo, useSyncExternalStore } from 'react';
import { cacheLocale, detectLocale, htmlLang, isLocale } from './locale.ts';

/**
 * The app's translator: the en/br catalogues of @centavo/shared, one lazily loaded chunk per language and
 * namespace, `ns:key.path` keys and `{name}` placeholders. It replaces i18next + react-i18next (17.6 KB gzip
 * on the first load, docs/decisions/web-first-load.md) with the few features the app uses.
 */
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

/** Namespaces every screen uses: loaded with the first render. */
const BASE_NAMESPACES: readonly Namespace[] = ['common', 'validation'];
const DEFAULT_NS: Namespace = 'common';

const loaded: Record<LocaleCode, Partial<Record<Namespace, Catalogue>>> = { en: {}, br: {} };
const loading = new Map<string, Promise<void>>();
let locale: LocaleCode = FALLBACK_LOCALE;
const listeners = new Set<() => void>();

function loadOne(target: LocaleCode, ns: Namespace): Promise<void> {
  const id = `${target}:${ns}`;
  let promise = loading.get(id);
  if (!promise) {
    const loader = loaders[target][ns];
    promise = (loader ? loader() : Promise.resolve({})).then(
      (catalogue) => {
        loaded[target][ns] = catalogue;
      },
      (error: unknown) => {
        // A later render may try again (e.g. after a network blip); the error boundary shows this one.
        loading.delete(id);
        throw error;
      },
    );
    loading.set(id, promise);
  }
  return promise;
}

/** Null when every namespace is in memory, else the promise of loading the missing ones. */
export function loadNamespaces(target: LocaleCode, namespaces: readonly Namespace[]): Promise<void> | null {
  const missing = namespaces.filter((ns) => !loaded[target][ns]);
  if (missing.length === 0) return null;
  const key = `${target}:${missing.join(',')}`;
  let promise = loading.get(key);
  if (!promise) {
    promise = Promise.all(missing.map((ns) => loadOne(target, ns))).then(() => undefined);
    // Cached so a suspended component gets the same promise on every retry (React's `use`).
    loading.set(key, promise);
    promise.catch(() => loading.delete(key));
  }
  return promise;
}

export interface TOptions {
  /** Returned (with placeholders filled) when the key is missing. */
  defaultValue?: string;
  /** Returns the catalogue node itself (e.g. a list of paragraphs). */
  returnObjects?: boolean;
  [param: string]: unknown;
}

export interface TFunction {
  (key: string, options?: TOptions & { returnObjects?: false }): string;
  (key: string, options: TOptions & { returnObjects: true }): unknown;
}

function interpolate(text: string, params: TOptions | undefined): string {
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (match, name: string) => {
    const value = params[name];
    return value === undefined || value === null ? match : String(value);
  });
}

function lookup(target: LocaleCode, ns: string, path: string): unknown {
  let node: unknown = loaded[target][ns as Namespace];
  for (const part of path.split('.')) {
    node = node && typeof node === 'object' ? (node as Catalogue)[part] : undefined;
  }
  return node;
}

function translate(target: LocaleCode, defaultNs: string, key: string, options?: TOptions): unknown {
  const colon = key.indexOf(':');
  const ns = colon > 0 ? key.slice(0, colon) : defaultNs;
  const path = colon > 0 ? key.slice(colon + 1) : key;
  const node = lookup(target, ns, path);
  if (typeof node === 'string') return interpolate(node, options);
  if (node !== undefined && options?.returnObjects) return node;
  // Like i18next: a missing text shows the default value if given, else the key (never a crash).
  return options?.defaultValue === undefined ? path : interpolate(options.defaultValue, options);
}

const fixedTs = new Map<string, TFunction>();

/** A `t` bound to a language and default namespace; the same function for the same pair (stable deps). */
function fixedT(target: LocaleCode, defaultNs: string): TFunction {
  const id = `${target}:${defaultNs}`;
  let t = fixedTs.get(id);
  if (!t) {
    t = ((key: string, options?: TOptions) => translate(target, defaultNs, key, options)) as TFunction;
    fixedTs.set(id, t);
  }
  return t;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const getLocale = () => locale;

export interface I18nState {
  language: LocaleCode;
  resolvedLanguage: LocaleCode;
}

/**
 * `t` for the component's namespaces (the first is the default for keys without `ns:`). Suspends until
 * they are loaded in the current language; re-renders when the language changes.
 */
export function useTranslation(ns?: Namespace | readonly Namespace[]): { t: TFunction; i18n: I18nState } {
  const namespaces: readonly Namespace[] =
    ns === undefined ? [DEFAULT_NS] : typeof ns === 'string' ? [ns] : ns;
  const current = useSyncExternalStore(subscribe, getLocale, getLocale);
  // Every hook runs before the component may suspend, so it calls the same hooks whether it suspends or
  // not: React replays or re-renders a component against the hooks of its previous attempt, and a hook
  // first reached in the second attempt of a mount is React's error #467.
  const i18n = useMemo(() => ({ language: current, resolvedLanguage: current }), [current]);
  const pending = loadNamespaces(current, namespaces);
  // Suspense by throwing the promise (as react-i18next did), never `use`: a thrown promise unwinds and
  // renders the component afresh, and it also resumes when the load settles after a synchronous `act` in
  // tests.
  if (pending) throw pending;
  return { t: fixedT(current, namespaces[0] ?? DEFAULT_NS), i18n };
}

/** The interface language, for components that format but show no catalogue text (no suspending). */
export function useLocale(): LocaleCode {
  return useSyncExternalStore(subscribe, getLocale, getLocale);
}

/** Outside components (toasts): texts in the current language from namespaces already loaded. */
export const i18n = {
  t: ((key: string, options?: TOptions) => translate(locale, DEFAULT_NS, key, options)) as TFunction,
};

function applyLocale(target: LocaleCode): void {
  if (globalThis.document) document.documentElement.lang = htmlLang(target);
  cacheLocale(target);
}

let initialised = false;

/**
 * Sets the detected locale and starts loading the base namespaces plus `extra` (the first page's); the
 * returned promise settles when they are in memory. Rendering may start before: components suspend.
 */
export function initI18n(
  target: LocaleCode = detectLocale(),
  extra: readonly Namespace[] = [],
): Promise<void> {
  if (!initialised) {
    initialised = true;
    locale = target;
    applyLocale(target);
  }
  return loadNamespaces(locale, [...BASE_NAMESPACES, ...extra]) ?? Promise.resolve();
}

export function currentLocale(): LocaleCode {
  return locale;
}

/**
 * Switches the interface language (the caller also saves it on the server when signed in). The texts of
 * every namespace loaded so far are fetched first, so the screen switches in one step, never via keys.
 */
export async function changeLocale(target: LocaleCode): Promise<void> {
  if (!isLocale(target)) return;
  const namespaces = Object.keys(loaded[locale]) as Namespace[];
  await loadNamespaces(target, [...new Set([...BASE_NAMESPACES, ...namespaces])]);
  if (target !== locale) {
    locale = target;
    for (const listener of listeners) listener();
  }
  applyLocale(target);
}
