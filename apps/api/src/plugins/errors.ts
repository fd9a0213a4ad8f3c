import type { ApiErrorBody, FieldErrors } from '@centavo/shared';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError } from '../lib/errors.ts';
import {
  requestLocale,
  translateFieldErrors,
  translateMessage,
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
function requestErrorMessage(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return 'The request body is not valid JSON';
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'The request body is empty';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'The content type of the request is not supported';
  }
  return error instanceof SyntaxError
    ? 'The request body is not valid JSON'
    : 'The request could not be read';
}

/**
 * One error handler: every failure leaves as `{message, code, errors?}`; 5xx never carries internals.
 * Messages are English catalogue ids (packages/shared/src/i18n/en/api.ts), sent in the request's language.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    const locale = requestLocale(request);
    let status: number;
    let body: ApiErrorBody;
    if (error instanceof AppError) {
      status = error.statusCode;
      body = {
        message: translateMessage(locale, error.message),
        code: error.code,
        ...(error.errors ? { errors: translateFieldErrors(locale, error.errors) } : {}),
      };
    } else if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: FieldErrors = {};
      const add = (field: string, message: string) => {
        const list = errors[field] ?? [];
        list.push(message);
        errors[field] = list;
      };
      const context = error.validationContext || 'body';
      const input =
        context === 'querystring' ? request.query : (request as unknown as Record<string, unknown>)[context];
      for (const issue of error.validation) {
        // fastify-type-provider-zod 7 gives each zod issue as {keyword: code, instancePath: '/a/0/b',
        // message, params: the issue's other properties}.
        const segments = issue.instancePath.split('/').filter((p) => p !== '');
        if (issue.keyword === 'unrecognized_keys') {
          const keys = (issue.params as { keys?: unknown }).keys;
          for (const key of Array.isArray(keys) ? keys : []) {
            add(String(key), unknownFieldMessage(locale, String(key)));
          }
          continue;
        }
        const field = fieldName(
          segments.filter((p) => !/^\d+$/.test(p)),
          context,
        );
        add(field, validationIssueMessage(locale, field, issue as ValidationIssue, valueAt(input, segments)));
      }
      status = 422;
      body = {
        message: translateMessage(locale, 'The given data was invalid'),
        code: 'VALIDATION_ERROR',
        errors,
      };
    } else if (isResponseSerializationError(error)) {
      request.log.error({ err: error, url: request.url }, 'response did not match its schema');
      status = 500;
      body = { message: translateMessage(locale, 'Internal server error'), code: 'INTERNAL_ERROR' };
    } else if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || error.statusCode === 413) {
      status = 413;
      body = { message: translateMessage(locale, 'Request body is too large'), code: 'PAYLOAD_TOO_LARGE' };
    } else if (error.statusCode === 429) {
      status = 429;
      body = {
        message: translateMessage(locale, 'Too many requests, try again later'),
        code: 'RATE_LIMITED',
      };
    } else if (isDatabaseDown(error)) {
      request.log.error({ err: error }, 'database unavailable');
      status = 503;
      body = {
        message: translateMessage(locale, 'Service temporarily unavailable'),
        code: 'SERVICE_UNAVAILABLE',
      };
    } else if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      // Fastify's own 4xx (malformed JSON, wrong content type): say what is wrong, as a validation error.
      status = error.statusCode === 415 || error.statusCode === 400 ? 422 : error.statusCode;
      const message = translateMessage(locale, requestErrorMessage(error));
      body = { message, code: 'VALIDATION_ERROR', errors: { body: [message] } };
    } else {
      request.log.error({ err: error, url: request.url }, 'unhandled error');
      status = 500;
      body = { message: translateMessage(locale, 'Internal server error'), code: 'INTERNAL_ERROR' };
    }
    reply.status(status).send(body);
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({
      message: translateMessage(
        requestLocale(request),
        `Route ${request.method} ${request.url.split('?')[0]} not found`,
      ),
      code: 'NOT_FOUND',
    } satisfies ApiErrorBody);
  });
}
