import {
  budgetBatchResultSchema,
  budgetCreateBodySchema,
  budgetDashboardSchema,
  budgetFillBodySchema,
  budgetLimitBodySchema,
  budgetLimitSchema,
  budgetReplicateBodySchema,
  budgetSchema,
  budgetUpdateBodySchema,
  categoryBudgetListSchema,
  categoryDashboardQuerySchema,
  categoryDashboardSchema,
  errorBodySchema,
  idempotencyHeadersSchema,
  monthQuerySchema,
} from '@centavo/shared';
import { z } from 'zod';
import type { App } from '../../lib/http.ts';
import { idempotent } from '../../lib/idempotency.ts';
import { rowRoutes } from '../../lib/routes.ts';
import { budgetDashboard, categoryDashboard } from './budget-dashboards.service.ts';
import { fillBudgets } from './budget-fill.ts';
import { removeBudgetLimit, setBudgetLimit } from './budget-limits.service.ts';
import {
  createBudget,
  editBudget,
  eraseBudgetsOfMonth,
  getBudget,
  listCategoryBudgets,
  replicateBudgets,
} from './budgets.service.ts';

const tags = ['budgets'];
const errors = { 404: errorBodySchema, 409: errorBodySchema, 422: errorBodySchema };
const rows = rowRoutes(tags, errors);

/** Budgets (DESIGN.md §4 "Budgets"): limits per expense category and month; spent on the accrual basis. */
export async function budgetRoutes(app: App): Promise<void> {
  app.get(
    '/category/budget',
    {
      schema: {
        summary: "Expense categories with the month's budget and spending, and the summary",
        operationId: 'listCategoryBudgets',
        tags,
        description:
          'Spent: accrual basis, subcategories rolled up, refunds subtract. Categories with spending and no budget are flagged unbudgeted.',
        querystring: monthQuerySchema,
        response: { 200: categoryBudgetListSchema, 422: errorBodySchema },
      },
    },
    async (request) =>
      listCategoryBudgets(app.db, request.user.id, request.user.languageId, request.query.month),
  );
  app.get(
    '/category/dashboard',
    {
      schema: {
        summary: 'Spending per expense category of a month, with its share',
        operationId: 'categoryDashboard',
        tags,
        querystring: categoryDashboardQuerySchema,
        response: { 200: categoryDashboardSchema, 422: errorBodySchema },
      },
    },
    async (request) =>
      categoryDashboard(
        app.db,
        request.user.id,
        request.user.languageId,
        request.query.month,
        request.query.basis,
      ),
  );
  app.get(
    '/budget/dashboard',
    {
      schema: {
        summary: 'Budget summary and the categories near or over their limit',
        operationId: 'budgetDashboard',
        tags,
        querystring: monthQuerySchema,
        response: { 200: budgetDashboardSchema, 422: errorBodySchema },
      },
    },
    async (request) => budgetDashboard(app.db, request.user.id, request.user.languageId, request.query.month),
  );
  app.get(
    '/budget/deleteByMonth',
    {
      // A GET that writes finance data: declared so a read-only subscription cannot erase budgets.
      config: { access: 'finance-write' },
      schema: {
        summary: "Erase a month's budgets",
        operationId: 'eraseBudgetsOfMonth',
        tags,
        description:
          'A GET that writes, as the spec names it: every budget of the month gets value 0 and active 0. Also answers at /budget/deleteByMonth/.',
        querystring: monthQuerySchema,
        response: { 200: budgetBatchResultSchema, 422: errorBodySchema },
      },
    },
    async (request) => eraseBudgetsOfMonth(app.db, request.user.id, request.query.month),
  );
  // Static paths: find-my-way matches them before /budget/:id.
  app.put(
    '/budget/limit',
    {
      config: { access: 'finance-write' },
      schema: {
        summary: "Set a month's overall spending limit",
        operationId: 'setBudgetLimit',
        tags,
        description:
          'One per month, beside the per-category budgets; setting it again replaces it. GET /category/budget shows it against the month’s spending.',
        body: budgetLimitBodySchema,
        response: { 200: budgetLimitSchema, 422: errorBodySchema },
      },
    },
    async (request) => setBudgetLimit(app.db, request.user.id, request.body),
  );
  app.delete(
    '/budget/limit',
    {
      config: { access: 'finance-write' },
      schema: {
        summary: "Remove a month's overall spending limit",
        operationId: 'removeBudgetLimit',
        tags,
        querystring: monthQuerySchema,
        response: { 204: z.null(), 404: errorBodySchema, 422: errorBodySchema },
      },
    },
    async (request, reply) => {
      await removeBudgetLimit(app.db, request.user.id, request.query.month);
      return reply.status(204).send(null);
    },
  );
  app.get(
    '/budget/:id',
    rows.get({ summary: 'One budget', operationId: 'getBudget' }, budgetSchema),
    async (request) => getBudget(app.db, request.user.id, request.params.id),
  );
  app.post(
    '/budget',
    rows.create(
      {
        summary: 'Set a budget for an expense category and month',
        operationId: 'createBudget',
        description: 'One budget per category and month (409 when it exists: change it with PUT).',
        body: budgetCreateBodySchema,
      },
      budgetSchema,
    ),
    async (request, reply) =>
      reply.status(201).send(await createBudget(app.db, request.user.id, request.body)),
  );
  app.put(
    '/budget/:id',
    rows.update(
      {
        summary: 'Change a budget (erase: value 0, active false)',
        operationId: 'updateBudget',
        body: budgetUpdateBodySchema,
      },
      budgetSchema,
    ),
    async (request) => editBudget(app.db, request.user.id, request.params.id, request.body),
  );
  app.post(
    '/budget/replicate',
    {
      config: { access: 'finance-write' },
      schema: {
        summary: "Copy a month's active budgets to the following months",
        operationId: 'replicateBudgets',
        tags,
        description:
          'Every month after `month` through `to_month`; existing budgets are kept unless overwrite.',
        headers: idempotencyHeadersSchema,
        body: budgetReplicateBodySchema,
        response: { 200: budgetBatchResultSchema, ...errors },
      },
    },
    async (request) =>
      (await idempotent(app.db, request, 200, (trx) => replicateBudgets(trx, request.user.id, request.body)))
        .body,
  );
  app.post(
    '/budget/fill',
    {
      config: { access: 'finance-write' },
      schema: {
        summary: "Fill a month's budgets from history",
        operationId: 'fillBudgets',
        tags,
        description:
          'last_month, avg_3, avg_6, avg_12 (the average spending of the months before) or zero; existing budgets are kept unless overwrite.',
        body: budgetFillBodySchema,
        response: { 200: budgetBatchResultSchema, ...errors },
      },
    },
    async (request) => fillBudgets(app.db, request.user.id, request.body),
  );
}
