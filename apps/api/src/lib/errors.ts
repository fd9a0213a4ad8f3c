import type { ApiMessageKey, ErrorCode, MessageParams } from '@centavo/shared';

/** One message of the `api` catalogue: its key and what fills its placeholders. */
export interface Message {
  key: ApiMessageKey;
  params?: MessageParams;
}

/** Field → its message(s), by key: the error handler sends them in the request's language. */
export type FieldMessages = Record<string, ApiMessageKey | Message | ReadonlyArray<ApiMessageKey | Message>>;

/**
 * The one error type routes and services throw; the error handler (plugins/errors.ts) turns it into
 * `{message, code, key, params?, errors?}` in the request's language. Messages are keys of the `api`
 * catalogue (packages/shared/src/i18n/{en,br}/api.ts), checked by the compiler, so code never needs to know
 * the request's language and clients translate from the key, never from English text.
 */
export class AppError extends Error {
  readonly statusCode: number;
  readonly code: ErrorCode;
  readonly key: ApiMessageKey;
  readonly params: MessageParams | undefined;
  readonly fields: FieldMessages | undefined;

  constructor(
    statusCode: number,
    code: ErrorCode,
    key: ApiMessageKey,
    options: { params?: MessageParams; fields?: FieldMessages } = {},
  ) {
    // The key is the Error's message: logs and stack traces name what went wrong without a catalogue.
    super(key);
    this.statusCode = statusCode;
    this.code = code;
    this.key = key;
    this.params = options.params;
    this.fields = options.fields;
  }
}

/** 404; with `field`, the request field that named the missing row gets "not found" under it. */
export function notFound(key: ApiMessageKey = 'resourceNotFound', field?: string): AppError {
  return new AppError(404, 'NOT_FOUND', key, field ? { fields: { [field]: 'notFound' } } : {});
}

export function unauthenticated(key: ApiMessageKey = 'unauthenticated'): AppError {
  return new AppError(401, 'UNAUTHENTICATED', key);
}

export function conflict(key: ApiMessageKey, params?: MessageParams, fields?: FieldMessages): AppError {
  return new AppError(409, 'CONFLICT', key, { ...(params ? { params } : {}), ...(fields ? { fields } : {}) });
}

/** 422 with one or more field messages. */
export function validationError(fields: FieldMessages, key: ApiMessageKey = 'invalidData'): AppError {
  return new AppError(422, 'VALIDATION_ERROR', key, { fields });
}

export function forbidden(key: ApiMessageKey): AppError {
  return new AppError(403, 'FORBIDDEN', key);
}

/** The answer the web app turns into a visit to the upgrade page (spec §4): the same text in every language. */
export function subscriptionRequired(): AppError {
  return new AppError(403, 'SUBSCRIPTION_REQUIRED', 'subscriptionRequired');
}

/** 429; the caller sets Retry-After. */
export function tooManyRequests(key: ApiMessageKey = 'tooManyRequests'): AppError {
  return new AppError(429, 'RATE_LIMITED', key);
}

/** 503: a dependency (database, Redis) is away; the client may try again. */
export function serviceUnavailable(cause?: unknown): AppError {
  const error = new AppError(503, 'SERVICE_UNAVAILABLE', 'serviceUnavailable');
  if (cause !== undefined) error.cause = cause;
  return error;
}
