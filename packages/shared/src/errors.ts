/** The one error model: every API error body is `{ message, code, errors? }` with a code from this union. */
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

export interface ApiErrorBody {
  message: string;
  code: ErrorCode;
  errors?: FieldErrors;
}

/** Exact message the web app reacts to (spec §4, DESIGN.md §2). */
export const SUBSCRIPTION_REQUIRED_MESSAGE = 'User without a valid Subscription';
