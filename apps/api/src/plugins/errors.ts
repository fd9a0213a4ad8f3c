import type {
  ApiErrorBody,
  ApiMessageKey,
  ErrorCode,
  FieldErrors,
  LocaleCode,
  MessageParams,
} from '@centavo/shared';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { isRetryableConflict } from '../db/transaction.ts';
import { AppError } from '../lib/errors.ts';
import {
  apiText,
  requestLocale,
  translateFields,
  unknownFieldMessage,
  type ValidationIssue,
  validationIssueMessage,
} from '../lib/messages.ts';

/** Names a zod issue path as the form field it belongs to ("tags.0" → "tags"). */
function fieldName(path: ReadonlyArray<PropertyKey>, fallback: string): string {
  const first = path.find((p) => typeof p === 'string');
  return typeof first === 'string' ? first : fallback;
}

const CONNECTION_LOST =
  /Connection terminated|not queryable|timeout exceeded when trying to connect|connect ECONNREFUSED/;

function isDatabaseDown(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  // pg reports a dropped connection without a code, only by message.
  if (error instanceof Error && CONNECTION_LOST.test(error.message)) return true;
  return (
    typeof code === 'string' &&
    ([
      'ECONNREFUSED',
      'ECONNRESET',
      'ETIMEDOUT',
      'EPIPE',
      '57P01',
      '57P03',
      '08006',
      '08001',
      '08003',
      'SQLITE_BUSY',
    ].includes(code) ||
      code.startsWith('53'))
  );
}

/** A unique key or primary key refused a row (PostgreSQL 23505, SQLite's constraint codes). */
function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/** A row named a row that a concurrent request had just deleted (PostgreSQL 23503, SQLite's code). */
function isForeignKeyViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY';
}

/** The value the client sent at a zod issue's path, to tell a missing value from a wrong one. */
function valueAt(root: unknown, path: readonly string[]): unknown {
  let node = root;
  for (const part of path) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

/** Fastify's own 4xx (unreadable body) as a catalogue message: its texts are not in the catalogues. */
function requestErrorKey(error: FastifyError): ApiMessageKey {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return 'bodyNotJson';
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'bodyEmpty';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'contentTypeUnsupported';
  }
  return error instanceof SyntaxError ? 'bodyNotJson' : 'requestUnreadable';
}

/** The body of every error answer, its message in `locale`. */
export function errorBody(
  locale: LocaleCode,
  code: ErrorCode,
  key: ApiMessageKey,
  params?: MessageParams,
  errors?: FieldErrors,
): ApiErrorBody {
  return {
    message: apiText(locale, key, params),
    code,
    key,
    ...(params ? { params } : {}),
    ...(errors ? { errors } : {}),
  };
}

/** The field errors of a request that failed its zod schema, worded like the validation rule catalogue. */
function schemaFieldErrors(
  locale: LocaleCode,
  request: FastifyRequest,
  context: string,
  issues: readonly (ValidationIssue & { instancePath: string })[],
): FieldErrors {
  const errors: FieldErrors = {};
  const add = (field: string, message: string) => {
    errors[field] = [...(errors[field] ?? []), message];
  };
  const input =
    context === 'querystring' ? request.query : (request as unknown as Record<string, unknown>)[context];
  for (const issue of issues) {
    // fastify-type-provider-zod 7 gives each zod issue as {keyword: code, instancePath: '/a/0/b', message,
    // params: the issue's other properties}.
    const segments = issue.instancePath.split('/').filter((p) => p !== '');
    if (issue.keyword === 'unrecognized_keys') {
      const keys = (issue.params as { keys?: unknown } | undefined)?.keys;
      for (const key of Array.isArray(keys) ? keys : [])
        add(String(key), unknownFieldMessage(locale, String(key)));
      continue;
    }
    const field = fieldName(
      segments.filter((p) => !/^\d+$/.test(p)),
      context,
    );
    add(field, validationIssueMessage(locale, field, issue, valueAt(input, segments)));
  }
  return errors;
}

/** Fastify's own errors (and any other error object) as status, code, key and field errors. */
function classify(
  error: FastifyError,
  request: FastifyRequest,
  locale: LocaleCode,
): { status: number; code: ErrorCode; key: ApiMessageKey; errors?: FieldErrors } {
  if (hasZodFastifySchemaValidationErrors(error)) {
    const context = error.validationContext || 'body';
    const errors = schemaFieldErrors(locale, request, context, error.validation);
    return { status: 422, code: 'VALIDATION_ERROR', key: 'invalidData', errors };
  }
  if (isResponseSerializationError(error)) {
    request.log.error({ err: error, url: request.url }, 'response did not match its schema');
    return { status: 500, code: 'INTERNAL_ERROR', key: 'internalError' };
  }
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || error.statusCode === 413)
    return { status: 413, code: 'PAYLOAD_TOO_LARGE', key: 'bodyTooLarge' };
  if (error.statusCode === 429) return { status: 429, code: 'RATE_LIMITED', key: 'tooManyRequests' };
  if (isUniqueViolation(error)) {
    // Two requests created the same unique row at once (a budget, a replication): the loser gets a 409
    // instead of the database's error, as if it had come second (docs/decisions/concurrency.md).
    return { status: 409, code: 'CONFLICT', key: 'writeConflict' };
  }
  if (isForeignKeyViolation(error)) {
    // The account, card or category an entry names was deleted by a concurrent request after it was checked.
    return { status: 409, code: 'CONFLICT', key: 'writeConflict' };
  }
  if (isRetryableConflict(error)) {
    // inTransaction already ran it again several times; still losing, the client may try again.
    return { status: 409, code: 'CONFLICT', key: 'writeConflict' };
  }
  if (isDatabaseDown(error)) {
    request.log.error({ err: error }, 'database unavailable');
    return { status: 503, code: 'SERVICE_UNAVAILABLE', key: 'serviceUnavailable' };
  }
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    // Fastify's own 4xx (malformed JSON, wrong content type): say what is wrong, as a validation error.
    const key = requestErrorKey(error);
    const status = error.statusCode === 415 || error.statusCode === 400 ? 422 : error.statusCode;
    return { status, code: 'VALIDATION_ERROR', key, errors: { body: [apiText(locale, key)] } };
  }
  request.log.error({ err: error, url: request.url }, 'unhandled error');
  return { status: 500, code: 'INTERNAL_ERROR', key: 'internalError' };
}

/**
 * One error handler: every failure leaves as `{message, code, key, params?, errors?}` in the request's
 * language; 5xx never carries internals.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    const locale = requestLocale(request);
    if (error instanceof AppError) {
      const errors = error.fields ? translateFields(locale, error.fields) : undefined;
      return reply
        .status(error.statusCode)
        .send(errorBody(locale, error.code, error.key, error.params, errors));
    }
    const { status, code, key, errors } = classify(error, request, locale);
    return reply.status(status).send(errorBody(locale, code, key, undefined, errors));
  });

  app.setNotFoundHandler((request, reply) => {
    const params = { method: request.method, path: request.url.split('?')[0] ?? '' };
    reply.status(404).send(errorBody(requestLocale(request), 'NOT_FOUND', 'routeNotFound', params));
  });
}

/**
 * Fastify's `frameworkErrors`: errors it meets before routing (a malformed URL such as `/api/v1/%E0%A4%A`, a
 * path parameter over maxParamLength), which never reach the error handler, answered in the same contract.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const locale = requestLocale(request);
  const key: ApiMessageKey | undefined =
    error.code === 'FST_ERR_BAD_URL'
      ? 'badUrl'
      : error.code === 'FST_ERR_MAX_PARAM_LENGTH'
        ? 'urlTooLong'
        : undefined;
  if (key && error.statusCode) {
    reply.status(error.statusCode).send(errorBody(locale, 'VALIDATION_ERROR', key));
    return;
  }
  request.log.error({ err: error }, 'framework error');
  reply.status(500).send(errorBody(locale, 'INTERNAL_ERROR', 'internalError'));
}
