import {
  translate as catalogueTranslate,
  FALLBACK_LOCALE,
  type FieldErrors,
  LANGUAGE_IDS,
  type LocaleCode,
  resources,
  SUBSCRIPTION_REQUIRED_MESSAGE,
} from '@centavo/shared';
import type { FastifyRequest } from 'fastify';

/**
 * Server messages in the request's language. Code throws English texts of the `api` catalogue
 * (packages/shared/src/i18n/en/api.ts) as message ids; the error handler translates them here, so the
 * modules never need the request's language.
 */

type Params = Record<string, string>;

/**
 * A catalogue text, else its English one: this runs inside the error handler, where a missing key must not
 * turn a 4xx into a failed response (the catalogue tests keep keys from going missing).
 */
function translate(locale: LocaleCode, key: string, params: Params = {}): string {
  try {
    return catalogueTranslate(locale, key, params);
  } catch {
    return locale === FALLBACK_LOCALE ? key : translate(FALLBACK_LOCALE, key, params);
  }
}

interface Template {
  key: string;
  names: string[];
  pattern: RegExp;
  /** Characters of the text outside its placeholders. */
  literal: number;
}

const messages = resources.en.api.messages as Record<string, string>;
const exact = new Map<string, string>();
const templates: Template[] = [];
for (const [key, text] of Object.entries(messages)) {
  const names = [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1] as string);
  if (names.length === 0) {
    exact.set(text, key);
    continue;
  }
  const source = text
    .split(/\{\w+\}/)
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('(.+?)');
  templates.push({
    key,
    names,
    pattern: new RegExp(`^${source}$`, 's'),
    literal: text.replace(/\{\w+\}/g, '').length,
  });
}
// The most specific template first: "must be a category of type {type}" would also match the message of
// "must be a category of type {type} for this operation", with "expense for this operation" as its type.
templates.sort((a, b) => b.literal - a.literal);
const terms = new Map(
  Object.entries(resources.en.api.terms as Record<string, string>).map(([key, text]) => [text, key]),
);

/** The catalogue key and parameters of an English message, or null when the catalogue lacks it. */
export function findMessage(message: string): { key: string; params: Params } | null {
  const key = exact.get(message);
  if (key) return { key, params: {} };
  for (const template of templates) {
    const match = template.pattern.exec(message);
    if (!match) continue;
    const params: Params = {};
    template.names.forEach((name, i) => {
      params[name] = match[i + 1] ?? '';
    });
    return { key: template.key, params };
  }
  return null;
}

/**
 * One message in `locale`. A message the catalogue lacks stays as it is (a test keeps that from happening
 * for the server's own messages); so does the subscription message, which the web app matches exactly
 * (DESIGN.md §2).
 */
export function translateMessage(locale: LocaleCode, message: string): string {
  if (locale === 'en' || message === SUBSCRIPTION_REQUIRED_MESSAGE) return message;
  const found = findMessage(message);
  if (!found) return message;
  const params: Params = {};
  for (const [name, value] of Object.entries(found.params)) {
    const term = terms.get(value);
    params[name] = term ? translate(locale, `api.terms.${term}`) : value;
  }
  return translate(locale, `api.messages.${found.key}`, params);
}

export function translateFieldErrors(locale: LocaleCode, errors: FieldErrors): FieldErrors {
  if (locale === 'en') return errors;
  const out: FieldErrors = {};
  for (const [field, list] of Object.entries(errors))
    out[field] = list.map((m) => translateMessage(locale, m));
  return out;
}

/**
 * The request's language: the signed-in user's (set by `app.authenticate`, which runs before validation
 * and handlers), else the best Accept-Language match (any pt → br), else English.
 */
export function requestLocale(request: FastifyRequest): LocaleCode {
  const languageId = (request.user as { languageId?: number } | undefined)?.languageId;
  if (languageId !== undefined) return localeOf(languageId);
  return acceptLanguageLocale(request.headers['accept-language']);
}

/** A user's language (reference id) as a catalogue locale. */
export function localeOf(languageId: number): LocaleCode {
  return languageId === LANGUAGE_IDS.br ? 'br' : 'en';
}

/** The supported locale with the highest q in an Accept-Language header; the earliest wins a tie. */
export function acceptLanguageLocale(header: string | string[] | undefined): LocaleCode {
  const value = Array.isArray(header) ? header.join(',') : header;
  if (!value) return FALLBACK_LOCALE;
  let best: LocaleCode = FALLBACK_LOCALE;
  let bestQ = 0;
  for (const part of value.split(',').slice(0, 20)) {
    const [rawTag = '', ...rawParams] = part.trim().split(';');
    const primary = rawTag.trim().toLowerCase().split('-')[0];
    // The web app's own code for Portuguese is 'br'; it may send that as it is.
    const locale: LocaleCode | null =
      primary === 'pt' || primary === 'br' ? 'br' : primary === 'en' ? 'en' : null;
    if (!locale) continue;
    const qParam = rawParams.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (Number.isFinite(q) && q > bestQ) {
      best = locale;
      bestQ = q;
    }
  }
  return best;
}

/** One request-validation issue as fastify-type-provider-zod 7 hands it over (the zod issue, flattened). */
export interface ValidationIssue {
  keyword: string;
  message?: string;
  params?: Record<string, unknown>;
}

function fieldLabel(locale: LocaleCode, field: string): string {
  const catalogue = resources[locale];
  const own = (catalogue.validation.fields as Record<string, string>)[field];
  return own ?? (catalogue.api.fields as Record<string, string>)[field] ?? field;
}

/**
 * A zod issue as a field message in `locale`, in the wording of the validation rule catalogue (the texts
 * the web forms show for the same rules). `value` is what the client sent at the issue's path: a missing
 * value is "required" whatever type was expected.
 */
export function validationIssueMessage(
  locale: LocaleCode,
  field: string,
  issue: ValidationIssue,
  value: unknown,
): string {
  // The contracts' own messages (refine, regex) are catalogue ids.
  if (issue.message && findMessage(issue.message)) return translateMessage(locale, issue.message);
  const label = fieldLabel(locale, field);
  const p = issue.params ?? {};
  const rule = (name: string, params: Record<string, unknown> = {}) =>
    translate(locale, `validation.rules.${name}`, { ...stringify(params), field: label });
  const zod = (name: string, params: Record<string, unknown> = {}) =>
    translate(locale, `api.zod.${name}`, { ...stringify(params), field: label });
  const origin = p.origin;
  const list = origin === 'array' || origin === 'set';
  const numeric = origin === 'number' || origin === 'int' || origin === 'bigint';
  switch (issue.keyword) {
    case 'invalid_type': {
      if (value === undefined || value === null) return rule('required');
      const expected = p.expected;
      if (expected === 'int') return rule('integer');
      if (expected === 'number' || expected === 'bigint') return zod('number');
      if (expected === 'string') return zod('text');
      if (expected === 'boolean') return zod('boolean');
      if (expected === 'array') return zod('list');
      break;
    }
    case 'too_small': {
      const min = p.minimum;
      if (origin === 'string') {
        if (p.exact === true) return rule('length', { length: min });
        return Number(min) <= 1 ? rule('required') : rule('min', { length: min });
      }
      if (numeric) return p.inclusive === false ? zod('greaterThan', { min }) : rule('min_value', { min });
      if (list) return Number(min) <= 1 ? rule('required') : zod('minItems', { min });
      break;
    }
    case 'too_big': {
      const max = p.maximum;
      if (origin === 'string') {
        return p.exact === true ? rule('length', { length: max }) : rule('max', { length: max });
      }
      if (numeric) return p.inclusive === false ? zod('lessThan', { max }) : rule('max_value', { max });
      if (list) return zod('maxItems', { max });
      break;
    }
    case 'invalid_format':
      if (p.format === 'email') return rule('email');
      if (p.format === 'url') return rule('url');
      return rule('regex');
    case 'invalid_value':
      return rule('one_of');
    case 'not_multiple_of':
      return zod('multipleOf', { divisor: p.divisor });
    case 'invalid_union': {
      // Every option failed: a contract message of one of them says more than "is not valid".
      const nested = (Array.isArray(p.errors) ? p.errors.flat() : []) as { message?: unknown }[];
      const own = nested.find((i) => typeof i?.message === 'string' && findMessage(i.message));
      if (own) return translateMessage(locale, own.message as string);
      break;
    }
  }
  return translate(locale, 'validation.default', { field: label });
}

function stringify(params: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)]));
}

/** A `unrecognized_keys` issue names the keys, not a path to them: one message under each key. */
export function unknownFieldMessage(locale: LocaleCode, field: string): string {
  return translate(locale, 'api.zod.unknownField', { field: fieldLabel(locale, field) });
}
