import { z } from 'zod';
import { monthDiff } from '../dates.ts';
import { apiMessage } from '../errors.ts';
import { MAX_CENTS } from '../money.ts';
import { amountSchema, idSchema, monthSchema, monthValueSchema } from './common.ts';
import { operationIdSchema } from './entries.ts';

/** DESIGN.md §4 "Two bases": accrual (by purchase date, the default) or cash (by payment date). */
export const REPORT_BASES = ['accrual', 'cash'] as const;
export type ReportBasisName = (typeof REPORT_BASES)[number];
export const basisSchema = z.enum(REPORT_BASES).meta({ example: 'accrual' });

/** Budget bands: < 80 % within, 80–100 % near, > 100 % over (alerts are derived, never stored). */
export const BUDGET_NEAR_PERCENT = 80;
export const BUDGET_BANDS = ['within', 'near', 'over'] as const;
export type BudgetBand = (typeof BUDGET_BANDS)[number];

/** The band of `spent` against `budget` (a budget of 0 with spending is over; without spending, within). */
export function budgetBand(budget: number, spent: number): BudgetBand {
  if (spent > budget) return 'over';
  if (budget > 0 && spent * 100 >= budget * BUDGET_NEAR_PERCENT) return 'near';
  return 'within';
}

// ---- Budgets -------------------------------------------------------------------------------------------

const budgetValueSchema = z
  .number()
  .int()
  .min(0)
  .max(MAX_CENTS)
  .meta({ description: 'Cents, ≥ 0: 50000 is 500.00', example: 50000 });

export const budgetSchema = z.object({
  id: z.number().int(),
  category_id: z.number().int(),
  month: monthValueSchema,
  value: amountSchema,
  active: z.boolean(),
});
export type Budget = z.infer<typeof budgetSchema>;

/**
 * `active` as a boolean or as 0/1: the specification's client erases a budget with `{value: 0, active: 0}`
 * (DESIGN.md §4 "Budgets"), so both spellings mean the same.
 */
const budgetActiveSchema = z
  .union([z.boolean(), z.literal(0), z.literal(1)])
  .transform((v) => v === true || v === 1);

export const budgetCreateBodySchema = z.object({
  category_id: idSchema,
  month: monthSchema,
  value: budgetValueSchema,
  active: budgetActiveSchema.default(true),
});
export type BudgetCreateBody = z.input<typeof budgetCreateBodySchema>;

/** PUT /budget/{id}: erasing is `{value: 0, active: false}` (or `active: 0`). */
export const budgetUpdateBodySchema = z.object({
  value: budgetValueSchema.optional(),
  active: budgetActiveSchema.optional(),
});
export type BudgetUpdateBody = z.input<typeof budgetUpdateBodySchema>;

export const monthQuerySchema = z.object({ month: monthSchema });

/**
 * PUT /budget/limit: the overall spending limit of a month, beside the per-category budgets (issue 23). Set
 * again, it replaces the month's limit; `DELETE /budget/limit?month=` removes it.
 */
export const budgetLimitBodySchema = z.object({ month: monthSchema, value: budgetValueSchema });
export type BudgetLimitBody = z.input<typeof budgetLimitBodySchema>;
export const budgetLimitSchema = z.object({ month: monthValueSchema, value: amountSchema });
export type BudgetLimit = z.infer<typeof budgetLimitSchema>;

/**
 * The month's limit on the budget page: `spent` is the summary's (every expense of the month, accrual basis,
 * refunds subtract), so the limit and the category budgets read the same figure; bands as the categories'.
 */
export const budgetLimitStatusSchema = z.object({
  value: amountSchema,
  spent: amountSchema,
  remaining: amountSchema,
  /** spent / value in %, one decimal; null for a limit of 0. */
  percent: z.number().nullable(),
  band: z.enum(BUDGET_BANDS),
});
export type BudgetLimitStatus = z.infer<typeof budgetLimitStatusSchema>;
export const categoryDashboardQuerySchema = z.object({
  month: monthSchema,
  basis: basisSchema.default('accrual'),
});

export const budgetReplicateBodySchema = z
  .object({ month: monthSchema, to_month: monthSchema, overwrite: z.boolean().default(false) })
  .superRefine((body, ctx) => {
    if (body.to_month <= body.month) {
      ctx.addIssue({ code: 'custom', path: ['to_month'], message: apiMessage('notBeforeMonth') });
    } else if (monthDiff(body.month, body.to_month) > 240) {
      ctx.addIssue({ code: 'custom', path: ['to_month'], message: apiMessage('rangeTooLong') });
    }
  });
export type BudgetReplicateBody = z.input<typeof budgetReplicateBodySchema>;

export const FILL_STRATEGIES = ['last_month', 'avg_3', 'avg_6', 'avg_12', 'zero'] as const;
export type FillStrategy = (typeof FILL_STRATEGIES)[number];
export const budgetFillBodySchema = z.object({
  month: monthSchema,
  strategy: z.enum(FILL_STRATEGIES),
  /** Budgets the month already has are kept unless true. */
  overwrite: z.boolean().default(false),
});
export type BudgetFillBody = z.input<typeof budgetFillBodySchema>;

/** What replicate, fill and erase-the-month did. */
export const budgetBatchResultSchema = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  skipped: z.number().int(),
});
export type BudgetBatchResult = z.infer<typeof budgetBatchResultSchema>;

export const budgetSummarySchema = z.object({
  planned: amountSchema,
  spent: amountSchema,
  available: amountSchema,
  within: z.number().int(),
  near: z.number().int(),
  over: z.number().int(),
});
export type BudgetSummary = z.infer<typeof budgetSummarySchema>;

export const categoryBudgetRowSchema = z.object({
  /** null: the month's expenses without a category ("Uncategorised", no budget, always `unbudgeted`). */
  category_id: z.number().int().nullable(),
  name: z.string(),
  color: z.string().nullable(),
  icon: z.string().nullable(),
  /** null: no active budget (an unbudgeted category with spending). */
  budget_id: z.number().int().nullable(),
  budget: amountSchema,
  /** Accrual basis, subcategories rolled up, refunds subtract. */
  spent: amountSchema,
  remaining: amountSchema,
  /** spent / budget in %, one decimal; null without a budget. */
  percent: z.number().nullable(),
  band: z.enum(BUDGET_BANDS),
  unbudgeted: z.boolean(),
  subcategories: z.array(
    z.object({ sub_category_id: z.number().int().nullable(), name: z.string(), spent: amountSchema }),
  ),
});
export type CategoryBudgetRow = z.infer<typeof categoryBudgetRowSchema>;

export const categoryBudgetListSchema = z.object({
  month: monthValueSchema,
  summary: budgetSummarySchema,
  /** The month's overall limit (PUT /budget/limit), null when it has none. */
  limit: budgetLimitStatusSchema.nullable(),
  data: z.array(categoryBudgetRowSchema),
});
export type CategoryBudgetList = z.infer<typeof categoryBudgetListSchema>;

export const budgetDashboardSchema = z.object({
  month: monthValueSchema,
  summary: budgetSummarySchema,
  /** Categories at ≥ 80 % of their budget, the highest percentage first (at most 5). */
  categories: z.array(categoryBudgetRowSchema),
});
export type BudgetDashboard = z.infer<typeof budgetDashboardSchema>;

export const categoryDashboardSchema = z.object({
  month: monthValueSchema,
  basis: basisSchema,
  total: amountSchema,
  data: z.array(
    z.object({
      /** null: expenses without a category. */
      category_id: z.number().int().nullable(),
      name: z.string(),
      color: z.string().nullable(),
      value: amountSchema,
      /** value / total in %, one decimal. */
      share: z.number(),
    }),
  ),
});
export type CategoryDashboard = z.infer<typeof categoryDashboardSchema>;

// ---- Reports -------------------------------------------------------------------------------------------

export const REPORT_RANGES = ['3m', '6m', '12m', 'ytd', 'last_year', 'custom'] as const;
export type ReportRange = (typeof REPORT_RANGES)[number];
/** A custom range is at most 20 years (240 months). */
export const MAX_REPORT_MONTHS = 240;

function checkMonths(
  q: { start?: string | undefined; end?: string | undefined },
  ctx: z.RefinementCtx,
  required: boolean,
) {
  if (required && !q.start)
    ctx.addIssue({ code: 'custom', path: ['start'], message: apiMessage('isRequired') });
  if (required && !q.end) ctx.addIssue({ code: 'custom', path: ['end'], message: apiMessage('isRequired') });
  if (q.start && q.end) {
    if (q.end < q.start) {
      ctx.addIssue({ code: 'custom', path: ['end'], message: apiMessage('notBeforeStart') });
    } else if (monthDiff(q.start, q.end) + 1 > MAX_REPORT_MONTHS) {
      ctx.addIssue({ code: 'custom', path: ['end'], message: apiMessage('rangeTooLong') });
    }
  }
}

/** `range` (default 12m) and `basis` (default accrual); `custom` takes `start` and `end` months, inclusive. */
const reportQueryFields = {
  range: z.enum(REPORT_RANGES).default('12m'),
  start: monthSchema.optional(),
  end: monthSchema.optional(),
  basis: basisSchema.default('accrual'),
};
export const reportQuerySchema = z
  .object(reportQueryFields)
  .superRefine((q, ctx) => checkMonths(q, ctx, q.range === 'custom'));
export type ReportQuery = z.input<typeof reportQuerySchema>;

/** The expense report's query and the category whose subcategories are asked (an expense category the user sees). */
export const expenseSubcategoriesQuerySchema = z
  .object({ ...reportQueryFields, category_id: idSchema })
  .superRefine((q, ctx) => checkMonths(q, ctx, q.range === 'custom'));
export type ExpenseSubcategoriesQuery = z.input<typeof expenseSubcategoriesQuerySchema>;

const reportHead = { basis: basisSchema, start: monthValueSchema, end: monthValueSchema };

export const analysisMonthSchema = z.object({
  month: monthValueSchema,
  income: amountSchema,
  expense: amountSchema,
  investment: amountSchema,
  result: amountSchema,
  /** Running sum of `result` from the range's first month. */
  cumulative: amountSchema,
});
export const analysisReportSchema = z.object({
  ...reportHead,
  data: z.array(analysisMonthSchema),
  totals: z.object({
    income: amountSchema,
    expense: amountSchema,
    investment: amountSchema,
    result: amountSchema,
  }),
});
export type AnalysisReport = z.infer<typeof analysisReportSchema>;

const trendSchema = z.array(amountSchema).meta({ description: 'One value per month of `months`, in order' });
export const expenseReportSchema = z.object({
  ...reportHead,
  months: z.array(monthValueSchema),
  total: amountSchema,
  data: z.array(
    z.object({
      /** null: expenses without a category (none of them has a subcategory). */
      category_id: z.number().int().nullable(),
      name: z.string(),
      color: z.string().nullable(),
      total: amountSchema,
      share: z.number(),
      months: trendSchema,
    }),
  ),
});
export type ExpenseReport = z.infer<typeof expenseReportSchema>;

/**
 * One category's spending per subcategory over the range (GET /report/expense/subcategories): read when the
 * page opens the category, so the report itself carries only what it shows at once.
 */
export const expenseSubcategoriesSchema = z.object({
  ...reportHead,
  category_id: z.number().int(),
  data: z.array(
    z.object({
      /** null: the category's expenses without a subcategory. */
      sub_category_id: z.number().int().nullable(),
      name: z.string(),
      total: amountSchema,
    }),
  ),
});
export type ExpenseSubcategories = z.infer<typeof expenseSubcategoriesSchema>;

export const debtReportSchema = z.object({
  start: monthValueSchema,
  end: monthValueSchema,
  data: z.array(
    z.object({
      month: monthValueSchema,
      /** Unpaid installments of account entries falling in the month (a card's are in its invoices). */
      installments: amountSchema,
      /** What the card invoices due in the month still owe (outstanding, never a credit). */
      invoices: amountSchema,
      total: amountSchema,
    }),
  ),
  total: amountSchema,
  /**
   * What fell due before the current month and is still owed: unpaid installments of account entries and
   * the outstanding of earlier invoices (DESIGN.md §4). Not in `total`, which covers the window's months.
   */
  overdue: z.object({ installments: amountSchema, invoices: amountSchema, total: amountSchema }),
});
export type DebtReport = z.infer<typeof debtReportSchema>;

export const investmentReportSchema = z.object({
  ...reportHead,
  data: z.array(z.object({ month: monthValueSchema, value: amountSchema, cumulative: amountSchema })),
  total: amountSchema,
});
export type InvestmentReport = z.infer<typeof investmentReportSchema>;

export const GROUP_BY = ['category', 'subcategory', 'tag', 'account', 'card', 'month'] as const;
export type GroupBy = (typeof GROUP_BY)[number];

const idList = z.array(idSchema).max(200);
export const customReportBodySchema = z.object({
  filters: z
    .object({
      start: monthSchema,
      end: monthSchema,
      account_ids: idList.optional(),
      card_ids: idList.optional(),
      category_ids: idList.optional(),
      tag_ids: idList.optional(),
      operation_ids: z.array(operationIdSchema).max(4).optional(),
      paid: z.boolean().optional(),
    })
    .superRefine((f, ctx) => checkMonths(f, ctx, true)),
  group_by: z.enum(GROUP_BY),
  basis: basisSchema.default('accrual'),
});
export type CustomReportBody = z.input<typeof customReportBodySchema>;
export type CustomReportInput = z.output<typeof customReportBodySchema>;

export const customReportQuerySchema = z.object({ format: z.enum(['json', 'csv', 'xlsx']).default('json') });

const figures = {
  income: amountSchema,
  expense: amountSchema,
  investment: amountSchema,
  result: amountSchema,
  count: z.number().int(),
};
export const customReportSchema = z.object({
  basis: basisSchema,
  group_by: z.enum(GROUP_BY),
  rows: z.array(z.object({ key: z.string(), label: z.string(), ...figures })),
  totals: z.object(figures),
});
export type CustomReport = z.infer<typeof customReportSchema>;
