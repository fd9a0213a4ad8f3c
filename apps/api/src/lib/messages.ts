import {
  type ApiMessageKey,
  FALLBACK_LOCALE,
  type FieldErrors,
  LANGUAGE_IDS,
  type LocaleCode,
  type MessageParams,
  resources,
} from '@centavo/shared';
import { fragmentKind, zodIssueText } from '@centavo/shared/validation/zod-issue';
import type { FastifyRequest } from 'fastify';
import type { FieldMessages, Message } from './errors.ts';
import { hasText, translate } from './i18n.ts';

/** Server messages in the request's language, from their keys (docs/decisions/errors.md). */

/** A message of the `api` catalogue in `locale`. */
export function apiText(locale: LocaleCode, key: ApiMessageKey, params?: MessageParams): string {
  return translate(locale, `api:messages.${key}`, params);
}

/** An AppError's field messages in `locale`. */
export function translateFields(locale: LocaleCode, fields: FieldMessages): FieldErrors {
  const out: FieldErrors = {};
  for (const [field, value] of Object.entries(fields)) {
    const list: ReadonlyArray<ApiMessageKey | Message> = Array.isArray(value) ? value : [value];
    out[field] = list.map((m) =>
      asSentence(
        locale,
        field,
        typeof m === 'string' ? apiText(locale, m) : apiText(locale, m.key, m.params),
      ),
    );
  }
  return out;
}

/** Whether a zod issue's custom message is a key of the `api` catalogue (contracts name them with apiMessage). */
function isApiMessageKey(message: string | undefined): message is ApiMessageKey {
  return message !== undefined && /^\w+$/.test(message) && hasText(`api:messages.${message}`);
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

/**
 * A field message as a sentence: the catalogue's short messages ("must be an income category", "já existe")
 * read as fragments under a form field, so they get the field's name in front ("The category field must be
 * an income category"); those starting with an article only get a capital letter; sentences stay as they are.
 */
function asSentence(locale: LocaleCode, field: string, message: string): string {
  const kind = fragmentKind(message);
  if (kind === 'sentence') return message;
  if (kind === 'capitalize') return message.charAt(0).toLocaleUpperCase() + message.slice(1);
  return translate(locale, 'api:zod.fieldSentence', { field: fieldLabel(locale, field), message });
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
  const text = zodIssueText(issue.keyword, issue.params ?? {}, issue.message, value, isApiMessageKey);
  // The contracts' own messages (refine, regex) are keys of the api catalogue, worded as fragments.
  if (text.key.startsWith('api:messages.')) return asSentence(locale, field, translate(locale, text.key));
  return translate(locale, text.key, { ...text.params, field: fieldLabel(locale, field) });
}

/** A `unrecognized_keys` issue names the keys, not a path to them: one message under each key. */
export function unknownFieldMessage(locale: LocaleCode, field: string): string {
  return translate(locale, 'api:zod.unknownField', { field: fieldLabel(locale, field) });
}
