import type { en } from './i18n/en/index.ts';

/** The one error model: every API error body is `{ message, code, key, params?, errors? }` (docs/decisions/errors.md). */
export const ERROR_CODES = [
  'VALIDATION_ERROR',
  'UNAUTHENTICATED',
  'INVALID_CREDENTIALS',
  'SUBSCRIPTION_REQUIRED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'RATE_LIMITED',
  'SERVICE_UNAVAILABLE',
  'INTERNAL_ERROR',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

/** Field name → messages, as shown under each form field. */
export type FieldErrors = Record<string, string[]>;

/** A message of the `api` catalogue by its key; plural forms (`_one`, `_other`) share one key. */
export type ApiMessageKey = keyof typeof en.api.messages extends infer K
  ? K extends `${infer Base}_${'zero' | 'one' | 'two' | 'few' | 'many' | 'other'}`
    ? Base
    : K
  : never;

/** The values a message's `{placeholders}` are filled with. */
export type MessageParams = Record<string, string | number>;

export interface ApiErrorBody {
  /** The message in the request's language (the signed-in user's, else Accept-Language). */
  message: string;
  code: ErrorCode;
  /** The message's key in the `api` catalogue: clients translate from it, never from `message`. */
  key: ApiMessageKey;
  /** What fills the message's placeholders, e.g. `{ count: 12 }` on "the account has 12 entries". */
  params?: MessageParams;
  errors?: FieldErrors;
}

/** Names a message of the `api` catalogue where a plain string is expected (zod contracts' custom messages). */
export function apiMessage(key: ApiMessageKey): string {
  return key;
}

/** Exact message the web app reacts to (spec §4, DESIGN.md §2). */
export const SUBSCRIPTION_REQUIRED_MESSAGE = 'User without a valid Subscription';
