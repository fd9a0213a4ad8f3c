import {
  analysisReportSchema,
  customReportBodySchema,
  customReportQuerySchema,
  customReportSchema,
  debtReportSchema,
  errorBodySchema,
  expenseReportSchema,
  expenseSubcategoriesQuerySchema,
  expenseSubcategoriesSchema,
  investmentReportSchema,
  reportQuerySchema,
} from '@centavo/shared';
import { z } from 'zod';
import type { App } from '../../lib/http.ts';
import { sendSheet } from '../../lib/sheet-export.ts';
import { userToday } from '../../lib/today.ts';
import { recordAccountLog } from '../identity/index.ts';
import { customReport } from './custom-report.service.ts';
import { reportSheet } from './reports.export.ts';
import {
  analysisReport,
  debtReport,
  expenseReport,
  expenseSubcategories,
  investmentReport,
  resolveRange,
} from './reports.service.ts';

const tags = ['reports'];
const errors = { 404: errorBodySchema, 422: errorBodySchema };
const rangeDescription =
  'range: 3m | 6m | 12m | ytd | last_year | custom (start and end months, at most 20 years); basis: accrual (by purchase date, default) or cash (by payment date). Read from the per-month aggregates, never from entries.';

/** The options of a report over a range of months: the same query and description, its own answer. */
function rangeReport<R extends z.ZodType>(doc: { summary: string; operationId: string }, answer: R) {
  return {
    schema: {
      ...doc,
      tags,
      description: rangeDescription,
      querystring: reportQuerySchema,
      response: { 200: answer, 422: errorBodySchema },
    },
  };
}

/** Reports (DESIGN.md §4 "Reports"); every figure has an entries-list query that sums to it. */
export async function reportRoutes(app: App): Promise<void> {
  app.get(
    '/report/analysis',
    rangeReport(
      {
        summary: 'Income, expense, investment, result and cumulative result per month',
        operationId: 'analysisReport',
      },
      analysisReportSchema,
    ),
    async (request) =>
      analysisReport(
        app.db,
        request.user.id,
        resolveRange(request.query, userToday(request.user.row)),
        request.query.basis,
      ),
  );
  app.get(
    '/report/expense',
    rangeReport(
      {
        summary: 'Spending by category and subcategory with the monthly trend',
        operationId: 'expenseReport',
      },
      expenseReportSchema,
    ),
    async (request) =>
      expenseReport(
        app.db,
        request.user.id,
        request.user.languageId,
        resolveRange(request.query, userToday(request.user.row)),
        request.query.basis,
      ),
  );
  app.get(
    '/report/expense/subcategories',
    {
      schema: {
        summary: "One expense category's spending per subcategory over the range",
        operationId: 'expenseSubcategories',
        tags,
        description: `${rangeDescription} Read when the page opens a category of the expense report; the subcategories add up to its total there.`,
        querystring: expenseSubcategoriesQuerySchema,
        response: { 200: expenseSubcategoriesSchema, ...errors },
      },
    },
    async (request) =>
      expenseSubcategories(
        app.db,
        request.user.id,
        request.user.languageId,
        resolveRange(request.query, userToday(request.user.row)),
        request.query.basis,
        request.query.category_id,
      ),
  );
  app.get(
    '/report/debt',
    {
      schema: {
        summary: 'Debt still to come per month: unpaid installments (and invoices once cards exist)',
        operationId: 'debtReport',
        tags,
        description:
          'From the current month, as many months as the range (custom: its months); by payment date.',
        querystring: reportQuerySchema,
        response: { 200: debtReportSchema, 422: errorBodySchema },
      },
    },
    async (request) => debtReport(app.db, request.user.id, request.query, userToday(request.user.row)),
  );
  app.get(
    '/report/investment',
    rangeReport(
      { summary: 'Investment contributions per month and cumulative', operationId: 'investmentReport' },
      investmentReportSchema,
    ),
    async (request) =>
      investmentReport(
        app.db,
        request.user.id,
        resolveRange(request.query, userToday(request.user.row)),
        request.query.basis,
      ),
  );
  app.post(
    '/report',
    {
      config: { access: 'read' },
      schema: {
        summary: 'A custom report: filters, group_by and basis; JSON, CSV or XLSX',
        operationId: 'customReport',
        tags,
        description:
          'Rows {key, label, income, expense, investment, result, count} and totals. ?format=csv|xlsx answers a file (text cells neutralised against formula injection).',
        querystring: customReportQuerySchema,
        body: customReportBodySchema,
        response: { 200: z.union([customReportSchema, z.string().describe('the file')]), ...errors },
      },
    },
    async (request, reply) => {
      const report = await customReport(app.db, request.user.id, request.user.languageId, request.body);
      const format = request.query.format;
      if (format === 'json') return report;
      await recordAccountLog(app.db, request.user.id, 'export', request, {
        what: 'report',
        format,
        rows: report.rows.length,
        filters: request.body,
      });
      const name = `report-${new Date().toISOString().slice(0, 10)}`;
      return sendSheet(
        reply,
        format,
        await reportSheet(app.db, request.user.id, request.user.languageId, report, name),
      );
    },
  );
}
