import { z } from 'zod';
import { ENTRY_SCOPES, INSTALLMENTS_MAX, INSTALLMENTS_MIN, OPERATIONS } from '../constants.ts';
import { isDateInRange, isValidDate } from '../dates.ts';
import { apiMessage } from '../errors.ts';
import {
  amountSchema,
  dateSchema,
  dateValueSchema,
  idSchema,
  monthSchema,
  monthValueSchema,
  paginationMetaSchema,
  positiveCentsSchema,
  queryBoolean,
  timestampSchema,
} from './common.ts';
import { searchQuerySchema } from './ledger.ts';

/** 1 income, 2 expense, 3 investment, 4 transfer (DESIGN.md §3). */
export const operationIdSchema = z.coerce
  .number()
  .int()
  .refine((v) => v >= OPERATIONS.income && v <= OPERATIONS.transfer, { message: apiMessage('operationId') });

/** `limit_fixed_date`: a date, or null when empty ("" and null both mean no end). */
const limitFixedDateInput = z
  .string()
  .refine((v) => v === '' || isValidDate(v), { message: apiMessage('dateFormat'), abort: true })
  .refine((v) => v === '' || isDateInRange(v), { message: apiMessage('dateRange') })
  .meta({ description: 'Last date of the series (YYYY-MM-DD); empty or null: no end', example: '2027-12-31' })
  .nullable();
const limitFixedDateSchema = limitFixedDateInput.optional().transform((v) => (v ? v : null));

/**
 * Tags: an array of tag ids, or a comma-separated string where numeric items are tag ids and other items
 * are labels (created like POST /tag/tags and replaced by their ids).
 */
export const entryTagsInputSchema = z.union([z.array(idSchema).max(50), z.string().max(2000)]);
export type EntryTagsInput = z.infer<typeof entryTagsInputSchema>;

const entryFields = {
  description: z.string().trim().min(1).max(255),
  /** Cents, > 0; the operation gives the direction. */
  value: positiveCentsSchema,
  date: dateSchema,
  operation_id: operationIdSchema,
  /** Forced to 1 for transfers (operation 4). */
  category_id: idSchema.nullable().optional(),
  /** Must belong to category_id; forced to 27 for transfers. */
  sub_category_id: idSchema.nullable().optional(),
  /** Exactly one of account_id / card_id for income, expense and investment; transfers use account_id. */
  account_id: idSchema.nullable().optional(),
  card_id: idSchema.nullable().optional(),
  /** Transfers only: the receiving account (≠ account_id). */
  destination_account_id: idSchema.nullable().optional(),
  paid: z.boolean().optional(),
  tags: entryTagsInputSchema.optional(),
  notes: z.string().max(2000).nullable().optional(),
  /**
   * Card entries only: the invoice (due month) the entry goes to; computed from the date by the closing rule
   * when absent, and at most one invoice before or after that.
   */
  invoice_month: monthSchema.nullable().optional(),
} as const;

/** POST /entry. Answers 201 with the entry created (the first one of a series). */
export const entryCreateBodySchema = z
  .object({
    ...entryFields,
    paid: z.boolean().default(false),
    /** Recurring monthly entry, from `date` through `limit_fixed_date` (for ever when null). */
    fixed: z.boolean().default(false),
    limit_fixed_date: limitFixedDateSchema,
    /** Split `value` into N monthly entries (2–420); remainder cents on the first. */
    installments: z.number().int().min(INSTALLMENTS_MIN).max(INSTALLMENTS_MAX).nullable().optional(),
  })
  .superRefine((body, ctx) => {
    if (body.fixed && body.installments) {
      ctx.addIssue({ code: 'custom', path: ['installments'], message: apiMessage('installmentsWithFixed') });
    }
    // Each installment is at least one minor unit (DESIGN.md §4): 2 cents in 3 parts would save 2, 0, 0.
    if (body.installments && body.value < body.installments) {
      ctx.addIssue({
        code: 'custom',
        path: ['installments'],
        message: apiMessage('installmentBelowMinorUnit'),
      });
    }
    if (body.limit_fixed_date && !body.fixed) {
      ctx.addIssue({ code: 'custom', path: ['limit_fixed_date'], message: apiMessage('requiresFixed') });
    }
    if (body.limit_fixed_date && body.limit_fixed_date < body.date) {
      ctx.addIssue({ code: 'custom', path: ['limit_fixed_date'], message: apiMessage('notBeforeDate') });
    }
  });
export type EntryCreateBody = z.input<typeof entryCreateBodySchema>;
export type EntryCreateInput = z.output<typeof entryCreateBodySchema>;

/**
 * PUT /entry/{id}?scope=one|next|all: any subset of the fields. With scope next/all every given field is
 * applied to each entry in scope; a changed date moves each occurrence by the same number of months and
 * sets its day (clamped). `limit_fixed_date` (fixed series, scope next/all) shortens or extends the series.
 */
export const entryUpdateBodySchema = z.object({
  description: entryFields.description.optional(),
  value: entryFields.value.optional(),
  date: entryFields.date.optional(),
  operation_id: entryFields.operation_id.optional(),
  category_id: entryFields.category_id,
  sub_category_id: entryFields.sub_category_id,
  account_id: entryFields.account_id,
  card_id: entryFields.card_id,
  destination_account_id: entryFields.destination_account_id,
  paid: entryFields.paid,
  tags: entryFields.tags,
  notes: entryFields.notes,
  invoice_month: entryFields.invoice_month,
  limit_fixed_date: limitFixedDateInput
    .optional()
    .transform((v) => (v === undefined ? undefined : v ? v : null)),
});
export type EntryUpdateBody = z.input<typeof entryUpdateBodySchema>;
export type EntryUpdateInput = z.output<typeof entryUpdateBodySchema>;

export const entryScopeQuerySchema = z.object({ scope: z.enum(ENTRY_SCOPES).default('one') });
export type EntryScope = (typeof ENTRY_SCOPES)[number];

export const entryPaidBodySchema = z.object({ paid: z.boolean() });

export const entrySchema = z.object({
  id: z.number().int(),
  description: z.string(),
  value: amountSchema,
  date: dateValueSchema,
  operation_id: z.number().int(),
  category_id: z.number().int().nullable(),
  sub_category_id: z.number().int().nullable(),
  account_id: z.number().int().nullable(),
  card_id: z.number().int().nullable(),
  destination_account_id: z.number().int().nullable(),
  paid: z.boolean(),
  paid_at: timestampSchema.nullable(),
  notes: z.string().nullable(),
  fixed: z.boolean(),
  limit_fixed_date: dateValueSchema.nullable(),
  /** Shared by the entries of one fixed series or one installment purchase; null for a single entry. */
  series_id: z.number().int().nullable(),
  installment_number: z.number().int().nullable(),
  installment_count: z.number().int().nullable(),
  tags: z.array(z.number().int()),
  /** Card entries: the month their invoice is due (YYYY-MM); null for account entries. */
  invoice_month: monthValueSchema.nullable(),
  /** Invoice payments (transfers from an account to a card): the invoice paid. */
  invoice_id: z.number().int().nullable(),
  created_at: timestampSchema,
  updated_at: timestampSchema,
});
export type Entry = z.infer<typeof entrySchema>;

/** POST /entry/{id}/anticipate ("antecipar parcelas"): the installments brought into the open invoice. */
export const anticipateResponseSchema = z.object({
  /** The open invoice (its due month) they now belong to. */
  invoice_month: monthValueSchema,
  data: z.array(entrySchema),
});
export type AnticipateResponse = z.infer<typeof anticipateResponseSchema>;

/** Filters of GET /entry and GET /entry/export. Without month or dates: the current month. */
export const entryFiltersSchema = z.object({
  month: monthSchema.optional(),
  start_date: dateSchema.optional(),
  end_date: dateSchema.optional(),
  account_id: idSchema.optional(),
  card_id: idSchema.optional(),
  category_id: idSchema.optional(),
  sub_category_id: idSchema.optional(),
  tag_id: idSchema.optional(),
  operation_id: operationIdSchema.optional(),
  paid: queryBoolean.optional(),
  /** Text searched in description and notes (case-insensitive). */
  q: searchQuerySchema.optional(),
  /**
   * Drill-down filters of budgets, reports and the dashboard (docs/decisions/reports.md): a month range
   * (inclusive), the basis the months are read in (accrual: by the entry's date; cash: card entries by their
   * invoice month) and entries without a subcategory.
   */
  start_month: monthSchema.optional(),
  end_month: monthSchema.optional(),
  basis: z.enum(['accrual', 'cash']).optional(),
  without_subcategory: queryBoolean.optional(),
  /** Income and expenses without a category ("Uncategorised", DESIGN.md §9): its figures' drill-down. */
  without_category: queryBoolean.optional(),
});
export type EntryFilters = z.infer<typeof entryFiltersSchema>;

function checkRange(
  query: {
    start_date?: string | undefined;
    end_date?: string | undefined;
    start_month?: string | undefined;
    end_month?: string | undefined;
  },
  ctx: z.RefinementCtx,
) {
  if (query.start_date && query.end_date && query.end_date < query.start_date) {
    ctx.addIssue({ code: 'custom', path: ['end_date'], message: apiMessage('notBeforeStartDate') });
  }
  if (query.start_month && query.end_month && query.end_month < query.start_month) {
    ctx.addIssue({ code: 'custom', path: ['end_month'], message: apiMessage('notBeforeStart') });
  }
}

/**
 * GET /entry: sorted by date then id. Without `per_page` the whole month (or range) comes in one response
 * (the web list is virtualised); with `page`/`per_page` it is paginated.
 */
export const entryListQuerySchema = entryFiltersSchema
  .extend({
    page: z.coerce.number().int().min(1).max(1_000_000).optional(),
    per_page: z.coerce.number().int().min(1).max(1000).optional(),
  })
  .superRefine(checkRange);
export type EntryListQuery = z.infer<typeof entryListQuerySchema>;

/** An invoice due in the listed month, as one line of the cash-basis list (DESIGN.md "Two bases"). */
export const invoiceLineSchema = z.object({
  id: z.number().int(),
  card_id: z.number().int(),
  month: monthValueSchema,
  due_date: dateValueSchema,
  /** Purchases − refunds + previous balance. */
  total: amountSchema,
  paid_amount: amountSchema,
  outstanding: amountSchema,
  status: z.enum(['future', 'open', 'closed', 'partial', 'paid', 'overdue', 'empty']),
});
export type InvoiceLine = z.infer<typeof invoiceLineSchema>;

/**
 * The cash basis: `data` holds account entries (card purchases appear only as their invoice) unless a
 * card_id filter asks for a card's entries; `invoices` the invoices due in the month.
 */
export const entryListSchema = z.object({
  data: z.array(entrySchema),
  meta: paginationMetaSchema,
  invoices: z.array(invoiceLineSchema).optional(),
});
export type EntryList = z.infer<typeof entryListSchema>;

export const entryExportQuerySchema = entryFiltersSchema
  .extend({ format: z.enum(['csv', 'xlsx']).default('csv') })
  .superRefine(checkRange);
export type EntryExportQuery = z.infer<typeof entryExportQuerySchema>;

export const entryBalanceQuerySchema = z.object({ month: monthSchema.optional() });

/** GET /entry/totals: the filters of GET /entry. */
export const entryTotalsQuerySchema = entryFiltersSchema.superRefine(checkRange);
/** What the filtered entries add up to (issue 13 #14); transfers count in none of the sums. */
export const entryTotalsSchema = z.object({
  income: amountSchema,
  expense: amountSchema,
  investment: amountSchema,
  /** income − expense − investment. */
  result: amountSchema,
  /** How many entries match (transfers included). */
  count: z.number().int().meta({ example: 12 }),
  /** The range the filters covered. */
  start_date: dateValueSchema,
  end_date: dateValueSchema,
});
export type EntryTotals = z.infer<typeof entryTotalsSchema>;

export const accountBalanceSchema = z.object({
  account_id: z.number().int(),
  opening_balance: amountSchema,
  closing_balance: amountSchema,
  predicted_balance: amountSchema,
});

/**
 * GET /entry/balance (DESIGN.md §4): income/expense/investment = the month's entries, paid or not;
 * result = income − expense − investment; opening/closing = initial balances + paid entries before / through
 * the month; predicted = initial balances + every entry through the month's end. Transfers count only in
 * the accounts' balances.
 */
export const entryBalanceSchema = z.object({
  month: monthValueSchema,
  income: amountSchema,
  expense: amountSchema,
  investment: amountSchema,
  result: amountSchema,
  opening_balance: amountSchema,
  closing_balance: amountSchema,
  predicted_balance: amountSchema,
  /** Purchases − refunds of the card invoices due in the month (cash basis). */
  invoices: amountSchema,
  accounts: z.array(accountBalanceSchema),
});
export type EntryBalance = z.infer<typeof entryBalanceSchema>;

/** GET /entry/get-start-of-date-carousel: the earliest entry's month, or the current month. */
export const entryCarouselStartSchema = z.object({ month: z.string(), date: z.string() });
