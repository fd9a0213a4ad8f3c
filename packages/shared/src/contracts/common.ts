import { z } from 'zod';
import { isDateInRange, isMonthInRange, isValidDate, isValidMonth } from '../dates.ts';
import { apiMessage, ERROR_CODES } from '../errors.ts';
import { MAX_CENTS } from '../money.ts';

export const idSchema = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).meta({ example: 42 });
export const idParamsSchema = z.object({ id: idSchema });

/**
 * The Idempotency-Key header of writes a retry could repeat (POST /entry, /invoice/{id}/paid,
 * /budget/replicate, /import/{id}/commit): the same key within 24 h answers the first answer. Other headers
 * pass through untouched.
 */
export const idempotencyHeadersSchema = z.looseObject({
  'idempotency-key': z
    .string()
    .min(1)
    .max(255)
    .optional()
    .meta({ description: 'A unique value per form submission (a UUID)', example: '4f1c…' }),
});

/** A date the app accepts: YYYY-MM-DD from 1900-01-01 to 50 years ahead (dates.ts, DATE_MIN / maxDate). */
export const dateSchema = z
  .string()
  .refine(isValidDate, { message: apiMessage('dateFormat'), abort: true })
  .refine((v) => isDateInRange(v), { message: apiMessage('dateRange') })
  .meta({ format: 'date', example: '2026-11-24' });
/** A month of the accepted dates' range. */
export const monthSchema = z
  .string()
  .refine(isValidMonth, { message: apiMessage('monthFormat'), abort: true })
  .refine((v) => isMonthInRange(v), { message: apiMessage('monthRange') })
  .meta({ description: 'A month, YYYY-MM', example: '2026-11' });

/** A positive amount of cents (an entry's value). */
export const positiveCentsSchema = z
  .number()
  .int()
  .positive()
  .max(MAX_CENTS)
  .meta({ description: 'Minor units (cents): 12345 is 123.45', example: 12345 });
/** Any amount of cents, e.g. an initial balance that may be negative. */
export const centsSchema = z
  .number()
  .int()
  .min(-MAX_CENTS)
  .max(MAX_CENTS)
  .meta({ description: 'Minor units (cents), may be negative: -12345 is -123.45', example: -12345 });

/** Values as the API answers them, documented with an example (a sum may exceed one entry's limit). */
export const amountSchema = z
  .number()
  .int()
  .meta({ description: 'Minor units (cents): 12345 is 123.45', example: 12345 });
export const dateValueSchema = z.string().meta({ format: 'date', example: '2026-11-24' });
export const monthValueSchema = z.string().meta({ description: 'A month, YYYY-MM', example: '2026-11' });
export const timestampSchema = z.string().meta({ format: 'date-time', example: '2026-11-24T13:45:00.000Z' });

export const paginationQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  per_page: z.coerce.number().int().min(1).max(200).default(50),
});

export const paginationMetaSchema = z.object({
  total: z.number().int(),
  page: z.number().int(),
  per_page: z.number().int(),
});

export function listSchema<T extends z.ZodType>(item: T) {
  return z.object({ data: z.array(item) });
}

export function paginatedSchema<T extends z.ZodType>(item: T) {
  return z.object({ data: z.array(item), meta: paginationMetaSchema });
}

/** Every error answer (docs/decisions/errors.md): clients translate from `key` and `params`, not `message`. */
export const errorBodySchema = z.object({
  message: z.string(),
  code: z.enum(ERROR_CODES),
  key: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});

/** Query booleans arrive as strings: "true"/"1" and "false"/"0". */
export const queryBoolean = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/** GET /config: the public settings the web app needs before sign-in (DESIGN.md §1). */
export const publicConfigSchema = z.object({
  app_name: z.string(),
  billing_enabled: z.boolean(),
  register_thank_you_url: z.string().nullable(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
