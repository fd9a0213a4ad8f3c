import { z } from 'zod';
import { apiMessage } from '../errors.ts';
import { MAX_CENTS } from '../money.ts';
import {
  amountSchema,
  dateSchema,
  dateValueSchema,
  idSchema,
  listSchema,
  monthSchema,
  monthValueSchema,
  positiveCentsSchema,
  queryBoolean,
  timestampSchema,
} from './common.ts';
import { entrySchema } from './entries.ts';
import { colorSchema } from './ledger.ts';

/** Card brands (reference data, DESIGN.md §3). */
export const flagSchema = z.object({ id: z.number().int(), name: z.string() });
export type Flag = z.infer<typeof flagSchema>;
export const flagListSchema = listSchema(flagSchema);

/** close_day / expiration_day: numbers 1–31 (clamped to each month's length). */
const daySchema = z
  .number()
  .int()
  .min(1, { message: apiMessage('dayRange') })
  .max(31, { message: apiMessage('dayRange') })
  .meta({ description: 'Day of month, 1–31 (clamped to the month)', example: 10 });

const limitSchema = z
  .number()
  .int()
  .min(0, { message: apiMessage('notNegative') })
  .max(MAX_CENTS)
  .meta({ description: 'Credit limit in cents', example: 500000 });

/** POST /card. */
export const cardCreateBodySchema = z.object({
  name: z.string().trim().min(1).max(100),
  flag_id: idSchema.nullable().optional(),
  limit: limitSchema,
  close_day: daySchema,
  expiration_day: daySchema,
  /** The account that pays its invoices by default. */
  account_id: idSchema.nullable().optional(),
  color: colorSchema.nullable().optional(),
  archived: z.boolean().default(false),
});
export type CardCreateBody = z.input<typeof cardCreateBodySchema>;
export type CardCreateInput = z.output<typeof cardCreateBodySchema>;

/** PUT /card/{id}: any subset. New days recompute the invoice months of entries in unpaid invoices. */
export const cardUpdateBodySchema = z.object({
  name: z.string().trim().min(1).max(100).optional(),
  flag_id: idSchema.nullable().optional(),
  limit: limitSchema.optional(),
  close_day: daySchema.optional(),
  expiration_day: daySchema.optional(),
  account_id: idSchema.nullable().optional(),
  color: colorSchema.nullable().optional(),
  archived: z.boolean().optional(),
});
export type CardUpdateBody = z.infer<typeof cardUpdateBodySchema>;

export const INVOICE_STATUSES = ['future', 'open', 'closed', 'partial', 'paid', 'overdue', 'empty'] as const;
export const invoiceStatusSchema = z.enum(INVOICE_STATUSES);
export type InvoiceStatus = z.infer<typeof invoiceStatusSchema>;

/**
 * An invoice (fatura), named by the month it is due. total = purchases − refunds + previous_balance;
 * outstanding = total − paid_amount − carried_to_next; status derived (DESIGN.md §4).
 */
export const invoiceSchema = z.object({
  id: z.number().int(),
  card_id: z.number().int(),
  month: monthValueSchema,
  close_date: dateValueSchema,
  due_date: dateValueSchema,
  purchases: amountSchema,
  refunds: amountSchema,
  previous_balance: amountSchema,
  total: amountSchema,
  paid_amount: amountSchema,
  carried_to_next: amountSchema,
  outstanding: amountSchema,
  status: invoiceStatusSchema,
  /** The invoice's card entries (date order) and its payments; only on single-invoice answers. */
  entries: z.array(entrySchema).optional(),
  payments: z.array(entrySchema).optional(),
});
export type Invoice = z.infer<typeof invoiceSchema>;
export const invoiceListSchema = listSchema(invoiceSchema);

export const invoiceSummarySchema = z.object({
  id: z.number().int(),
  month: monthValueSchema,
  total: amountSchema,
  outstanding: amountSchema,
  due_date: dateValueSchema,
  status: invoiceStatusSchema,
});

export const cardSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  flag_id: z.number().int().nullable(),
  limit: amountSchema,
  close_day: z.number().int(),
  expiration_day: z.number().int(),
  account_id: z.number().int().nullable(),
  color: z.string().nullable(),
  archived: z.boolean(),
  /** limit − everything still owed on the card (future installments included). */
  available_limit: amountSchema,
  /** The open invoice (the one a purchase today lands in). */
  current_invoice: invoiceSummarySchema,
  /** From this day of month a purchase goes to the following invoice. */
  best_purchase_day: z.number().int(),
  created_at: timestampSchema,
  updated_at: timestampSchema,
});
export type Card = z.infer<typeof cardSchema>;
export const cardListSchema = listSchema(cardSchema);

/** GET /card: archived cards are left out unless `archived=true`. */
export const cardListQuerySchema = z.object({ archived: queryBoolean.optional() });

export const cardDeleteQuerySchema = z.object({ delete_entries: queryBoolean.optional() });

export const cardInvoiceQuerySchema = z.object({ month: monthSchema.optional() });

/** PUT /invoice/{id}: override the closing and due dates (null: back to the computed date). */
export const invoiceUpdateBodySchema = z.object({
  close_date: dateSchema.nullable().optional(),
  due_date: dateSchema.nullable().optional(),
});
export type InvoiceUpdateBody = z.infer<typeof invoiceUpdateBodySchema>;

/**
 * POST /invoice/{id}/paid: `paid: true` records one payment (a transfer from `account_id`, default the
 * card's account, of `value`, default the outstanding amount, on `date`, default today); `paid: false`
 * removes every payment of the invoice.
 */
export const invoicePaidBodySchema = z.object({
  paid: z.boolean(),
  account_id: idSchema.nullable().optional(),
  date: dateSchema.optional(),
  value: positiveCentsSchema.optional(),
  /** With paid=false: undo only this payment (one of the invoice's payments); without it, all of them. */
  payment_id: idSchema.optional(),
});
export type InvoicePaidBody = z.infer<typeof invoicePaidBodySchema>;

export const invoiceDateParamsSchema = z.object({ date: monthSchema });

export const cardExportQuerySchema = z.object({
  month: monthSchema.optional(),
  format: z.enum(['csv', 'xlsx']).default('csv'),
});
