import {
  anticipateResponseSchema,
  entryBalanceQuerySchema,
  entryBalanceSchema,
  entryCarouselStartSchema,
  entryCreateBodySchema,
  entryListQuerySchema,
  entryListSchema,
  entryPaidBodySchema,
  entrySchema,
  entryScopeQuerySchema,
  entryTotalsQuerySchema,
  entryTotalsSchema,
  entryUpdateBodySchema,
  errorBodySchema,
  idempotencyHeadersSchema,
  monthOf,
} from '@centavo/shared';
import type { App } from '../../lib/http.ts';
import { idempotent } from '../../lib/idempotency.ts';
import { rowRoutes } from '../../lib/routes.ts';
import { userToday } from '../../lib/today.ts';
import { anticipateInstallments } from './anticipate.service.ts';
import { monthBalance } from './balance.service.ts';
import { createEntry } from './create.service.ts';
import { findFirstEntryDate } from './entries.repository.ts';
import { carouselStart, entryTotals, getEntry, listEntries } from './queries.service.ts';
import { deleteEntry, setEntryPaid, updateEntry } from './update.service.ts';

const tags = ['entries'];
const errors = { 404: errorBodySchema, 409: errorBodySchema, 422: errorBodySchema };
const rows = rowRoutes(tags, errors);

export async function entryRoutes(app: App): Promise<void> {
  app.get(
    '/entry',
    {
      schema: {
        summary: 'Entries of a month or range, filtered',
        operationId: 'listEntries',
        tags,
        description:
          'Entries sorted by date then id. Without per_page the whole month (or range) in one response.',
        querystring: entryListQuerySchema,
        response: { 200: entryListSchema, 422: errorBodySchema },
      },
    },
    async (request) =>
      listEntries(app.db, request.user.id, request.query, new Date(), userToday(request.user.row)),
  );

  app.get(
    '/entry/balance',
    {
      schema: {
        summary: 'Totals and balances of a month',
        operationId: 'getEntryBalance',
        tags,
        querystring: entryBalanceQuerySchema,
        response: { 200: entryBalanceSchema, 422: errorBodySchema },
      },
    },
    async (request) => {
      const today = userToday(request.user.row);
      return monthBalance(app.db, request.user.id, request.query.month ?? monthOf(today), new Date(), today);
    },
  );

  app.get(
    '/entry/totals',
    {
      schema: {
        summary: 'What the filtered entries add up to',
        description:
          'Income, expenses, investments, result and count of the entries matching the filters of GET /entry.',
        operationId: 'getEntryTotals',
        tags,
        querystring: entryTotalsQuerySchema,
        response: { 200: entryTotalsSchema, 404: errorBodySchema, 422: errorBodySchema },
      },
    },
    async (request) => entryTotals(app.db, request.user.id, request.query),
  );

  app.get(
    '/entry/get-start-of-date-carousel',
    {
      schema: {
        summary: 'First month the month carousel offers',
        operationId: 'getCarouselStart',
        tags,
        response: { 200: entryCarouselStartSchema },
      },
    },
    async (request) =>
      carouselStart(await findFirstEntryDate(app.db, request.user.id), userToday(request.user.row)),
  );

  app.get(
    '/entry/:id',
    rows.get({ summary: 'One entry', operationId: 'getEntry' }, entrySchema),
    async (request) => getEntry(app.db, request.user.id, request.params.id),
  );

  app.post(
    '/entry',
    {
      config: { access: 'finance-write' },
      schema: {
        summary: 'Create an entry, installments or a fixed series',
        operationId: 'createEntry',
        tags,
        description: 'Creates an entry, an installment purchase or a fixed series; answers the first entry.',
        headers: idempotencyHeadersSchema,
        body: entryCreateBodySchema,
        response: { 201: entrySchema, ...errors },
      },
    },
    async (request, reply) => {
      const answer = await idempotent(app.db, request, 201, (trx) =>
        createEntry(trx, request.user.id, request.body),
      );
      return reply.status(answer.status).send(answer.body);
    },
  );

  app.put(
    '/entry/:id',
    rows.update(
      {
        summary: 'Change an entry (or its series)',
        operationId: 'updateEntry',
        querystring: entryScopeQuerySchema,
        body: entryUpdateBodySchema,
      },
      entrySchema,
    ),
    async (request) =>
      updateEntry(app.db, request.user.id, request.params.id, request.body, request.query.scope),
  );

  app.delete(
    '/entry/:id',
    rows.remove({
      summary: 'Delete an entry (or its series)',
      operationId: 'deleteEntry',
      querystring: entryScopeQuerySchema,
    }),
    async (request, reply) => {
      await deleteEntry(app.db, request.user.id, request.params.id, request.query.scope);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/entry/:id/paid',
    rows.update(
      { summary: 'Mark an entry paid or unpaid', operationId: 'setEntryPaid', body: entryPaidBodySchema },
      entrySchema,
    ),
    async (request) => setEntryPaid(app.db, request.user.id, request.params.id, request.body.paid),
  );

  app.post(
    '/entry/:id/anticipate',
    rows.update(
      {
        summary:
          'Bring the remaining installments of a card purchase into the open invoice (antecipar parcelas)',
        operationId: 'anticipateInstallments',
      },
      anticipateResponseSchema,
    ),
    async (request) =>
      anticipateInstallments(app.db, request.user.id, request.params.id, userToday(request.user.row)),
  );
}
