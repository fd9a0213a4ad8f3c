import type { ErrorCode, FieldErrors } from '@centavo/shared';
import { SUBSCRIPTION_REQUIRED_MESSAGE } from '@centavo/shared';

/**
 * The one error type routes and services throw; the error handler turns it into `{message, code, errors}`.
 * Messages (and field messages) are written in English and are ids of the `api` catalogue
 * (packages/shared/src/i18n/en/api.ts): the handler sends them in the request's language, and a test
 * (lib/messages.test.ts) fails on a message the catalogue lacks.
 */
export class AppError extends Error {
  readonly statusCode: number;
  readonly code: ErrorCode;
  readonly errors: FieldErrors | undefined;

  constructor(statusCode: number, code: ErrorCode, message: string, errors?: FieldErrors) {
    super(message);
    this.statusCode = statusCode;
    this.code = code;
    this.errors = errors;
  }
}

export function notFound(what = 'Resource'): AppError {
  return new AppError(404, 'NOT_FOUND', `${what} not found`);
}

export function unauthenticated(message = 'Unauthenticated'): AppError {
  return new AppError(401, 'UNAUTHENTICATED', message);
}

export function conflict(message: string, errors?: FieldErrors): AppError {
  return new AppError(409, 'CONFLICT', message, errors);
}

/** 422 with one or more field messages; `fields` maps the field to its message(s). */
export function validationError(
  fields: Record<string, string | string[]>,
  message = 'The given data was invalid',
): AppError {
  const errors: FieldErrors = {};
  for (const [field, value] of Object.entries(fields)) errors[field] = Array.isArray(value) ? value : [value];
  return new AppError(422, 'VALIDATION_ERROR', message, errors);
}

export function subscriptionRequired(): AppError {
  return new AppError(403, 'SUBSCRIPTION_REQUIRED', SUBSCRIPTION_REQUIRED_MESSAGE);
}
