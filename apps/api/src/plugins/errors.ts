import type { ApiErrorBody, FieldErrors } from '@centavo/shared';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError } from '../lib/errors.ts';

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

/** One error handler: every failure leaves as `{message, code, errors?}`; 5xx never carries internals. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    let status: number;
    let body: ApiErrorBody;
    if (error instanceof AppError) {
      status = error.statusCode;
      body = { message: error.message, code: error.code, ...(error.errors ? { errors: error.errors } : {}) };
    } else if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: FieldErrors = {};
      for (const issue of error.validation) {
        // fastify-type-provider-zod 7 gives each zod issue as {instancePath: '/a/0/b', message}.
        const path = issue.instancePath.split('/').filter((p) => p !== '' && !/^\d+$/.test(p));
        const field = fieldName(path, error.validationContext || 'body');
        const list = errors[field] ?? [];
        list.push(issue.message ?? 'is not valid');
        errors[field] = list;
      }
      status = 422;
      body = { message: 'The given data was invalid', code: 'VALIDATION_ERROR', errors };
    } else if (isResponseSerializationError(error)) {
      request.log.error({ err: error, url: request.url }, 'response did not match its schema');
      status = 500;
      body = { message: 'Internal server error', code: 'INTERNAL_ERROR' };
    } else if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || error.statusCode === 413) {
      status = 413;
      body = { message: 'Request body is too large', code: 'PAYLOAD_TOO_LARGE' };
    } else if (error.statusCode === 429) {
      status = 429;
      body = { message: 'Too many requests, try again later', code: 'RATE_LIMITED' };
    } else if (isDatabaseDown(error)) {
      request.log.error({ err: error }, 'database unavailable');
      status = 503;
      body = { message: 'Service temporarily unavailable', code: 'SERVICE_UNAVAILABLE' };
    } else if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      // Fastify's own 4xx (malformed JSON, wrong content type): say what is wrong, as a validation error.
      status = error.statusCode === 415 || error.statusCode === 400 ? 422 : error.statusCode;
      body = {
        message: error.message,
        code: status === 422 ? 'VALIDATION_ERROR' : 'VALIDATION_ERROR',
        errors: { body: [error.message] },
      };
    } else {
      request.log.error({ err: error, url: request.url }, 'unhandled error');
      status = 500;
      body = { message: 'Internal server error', code: 'INTERNAL_ERROR' };
    }
    reply.status(status).send(body);
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({
      message: `Route ${request.method} ${request.url.split('?')[0]} not found`,
      code: 'NOT_FOUND',
    } satisfies ApiErrorBody);
  });
}
