import { z } from 'zod';
import {
  amountSchema,
  centsSchema,
  idSchema,
  listSchema,
  monthSchema,
  queryBoolean,
  timestampSchema,
} from './common.ts';
import { colorSchema } from './ledger.ts';

export const ACCOUNT_TYPES = ['checking', 'savings', 'investment', 'wallet', 'other'] as const;
export const accountTypeSchema = z.enum(ACCOUNT_TYPES);
export type AccountType = z.infer<typeof accountTypeSchema>;

/** POST /account. Unknown fields (user_id, balance, …) are stripped, never applied. */
export const accountCreateBodySchema = z.object({
  name: z.string().trim().min(1).max(100),
  bank_id: idSchema.nullable().optional(),
  type: accountTypeSchema.default('checking'),
  /** Cents; may be negative (an overdrawn account). */
  initial_balance: centsSchema.default(0),
  color: colorSchema.nullable().optional(),
  archived: z.boolean().default(false),
});
export type AccountCreateBody = z.input<typeof accountCreateBodySchema>;
export type AccountCreateInput = z.output<typeof accountCreateBodySchema>;

/** PUT /account/{id}: any subset of the create fields. */
export const accountUpdateBodySchema = z.object({
  name: z.string().trim().min(1).max(100).optional(),
  bank_id: idSchema.nullable().optional(),
  type: accountTypeSchema.optional(),
  initial_balance: centsSchema.optional(),
  color: colorSchema.nullable().optional(),
  archived: z.boolean().optional(),
});
export type AccountUpdateBody = z.infer<typeof accountUpdateBodySchema>;

export const accountSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  bank_id: z.number().int().nullable(),
  type: accountTypeSchema,
  initial_balance: amountSchema,
  color: z.string().nullable(),
  archived: z.boolean(),
  /** initial_balance + paid entries dated up to today. */
  balance: amountSchema,
  /** initial_balance + every entry (paid or not) up to the end of the viewed month. */
  predicted_balance: amountSchema,
  created_at: timestampSchema,
  updated_at: timestampSchema,
});
export type Account = z.infer<typeof accountSchema>;
export const accountListSchema = listSchema(accountSchema);

export const accountListQuerySchema = z.object({
  include_archived: queryBoolean.optional(),
  /** Month whose end the predicted balance is computed at; default the current month. */
  month: monthSchema.optional(),
});
export type AccountListQuery = z.infer<typeof accountListQuerySchema>;

export const accountGetQuerySchema = z.object({ month: monthSchema.optional() });

/**
 * DELETE /account/{id}: an account with entries answers 409 unless `delete_entries` is true, in the query
 * (`?delete_entries=true`) or in the body.
 */
export const accountDeleteQuerySchema = z.object({ delete_entries: queryBoolean.optional() });
export const accountDeleteBodySchema = z.object({ delete_entries: z.boolean().optional() }).nullish();
