import {
  cardCreateBodySchema,
  cardDeleteQuerySchema,
  cardInvoiceQuerySchema,
  cardListQuerySchema,
  cardListSchema,
  cardSchema,
  cardUpdateBodySchema,
  errorBodySchema,
  flagListSchema,
  flagSchema,
  idempotencyHeadersSchema,
  idParamsSchema,
  invoiceDateParamsSchema,
  invoiceListSchema,
  invoicePaidBodySchema,
  invoiceSchema,
  invoiceUpdateBodySchema,
} from '@centavo/shared';
import { notFound } from '../../lib/errors.ts';
import type { App } from '../../lib/http.ts';
import { idempotent } from '../../lib/idempotency.ts';
import { rowRoutes } from '../../lib/routes.ts';
import { userToday } from '../../lib/today.ts';
import { findFlagById, findFlags } from './cards.repository.ts';
import {
  createCard,
  editCard,
  getCard,
  getCardInvoice,
  getInvoice,
  listCards,
  payInvoice,
  removeCard,
} from './cards.service.ts';
import { updateInvoice } from './invoice-dates.service.ts';
import { invoicesDue } from './invoices.service.ts';

const errors = { 404: errorBodySchema, 409: errorBodySchema, 422: errorBodySchema };
const rows = rowRoutes(['cards'], errors);

/** Flags (card brands), cards and invoices (DESIGN.md §4 "Cards and invoices"). */
export async function cardRoutes(app: App): Promise<void> {
  app.get(
    '/flag',
    {
      schema: {
        summary: 'Card flags (brands)',
        operationId: 'listFlags',
        tags: ['cards'],
        response: { 200: flagListSchema },
      },
    },
    async () => ({ data: await findFlags(app.db) }),
  );
  app.get(
    '/flag/:id',
    {
      schema: {
        summary: 'One card flag',
        operationId: 'getFlag',
        tags: ['cards'],
        params: idParamsSchema,
        response: { 200: flagSchema, 404: errorBodySchema, 422: errorBodySchema },
      },
    },
    async (request) => {
      const flag = await findFlagById(app.db, request.params.id);
      if (!flag) throw notFound('flagNotFound');
      return flag;
    },
  );

  app.get(
    '/card',
    {
      schema: {
        summary: 'Cards with their available limit and open invoice',
        operationId: 'listCards',
        tags: ['cards'],
        querystring: cardListQuerySchema,
        response: { 200: cardListSchema, 422: errorBodySchema },
      },
    },
    async (request) => ({
      data: await listCards(
        app.db,
        request.user.id,
        request.query.archived ?? false,
        userToday(request.user.row),
      ),
    }),
  );
  app.get(
    '/card/:id',
    rows.get(
      { summary: 'One card with its available limit and open invoice', operationId: 'getCard' },
      cardSchema,
    ),
    async (request) => getCard(app.db, request.user.id, request.params.id, userToday(request.user.row)),
  );
  app.post(
    '/card',
    rows.create(
      { summary: 'Create a card', operationId: 'createCard', body: cardCreateBodySchema },
      cardSchema,
    ),
    async (request, reply) =>
      reply
        .status(201)
        .send(await createCard(app.db, request.user.id, request.body, userToday(request.user.row))),
  );
  app.put(
    '/card/:id',
    rows.update(
      {
        summary: 'Change a card',
        operationId: 'updateCard',
        description:
          'New closing or due days move the entries of unpaid invoices to the invoice the rule gives.',
        body: cardUpdateBodySchema,
      },
      cardSchema,
    ),
    async (request) =>
      editCard(app.db, request.user.id, request.params.id, request.body, userToday(request.user.row)),
  );
  app.delete(
    '/card/:id',
    rows.remove({
      summary: 'Delete a card (and its entries when asked)',
      operationId: 'deleteCard',
      description: 'A card with entries answers 409 unless delete_entries=true.',
      querystring: cardDeleteQuerySchema,
    }),
    async (request, reply) => {
      await removeCard(app.db, request.user.id, request.params.id, request.query.delete_entries === true);
      return reply.status(204).send(null);
    },
  );
  app.get(
    '/card/:id/invoice',
    rows.get(
      {
        summary: "A card's invoice of a month with its entries",
        operationId: 'getCardInvoice',
        description: 'The invoice due in `month` (default: the open invoice), with its entries and payments.',
        querystring: cardInvoiceQuerySchema,
      },
      invoiceSchema,
    ),
    async (request) =>
      getCardInvoice(
        app.db,
        request.user.id,
        request.params.id,
        request.query.month,
        userToday(request.user.row),
      ),
  );
  app.get(
    '/invoice/date/:date',
    {
      schema: {
        summary: 'Invoices due in a month',
        operationId: 'listInvoicesDue',
        tags: ['cards'],
        params: invoiceDateParamsSchema,
        response: { 200: invoiceListSchema, 422: errorBodySchema },
      },
    },
    async (request) => ({
      data: await invoicesDue(app.db, request.user.id, request.params.date, userToday(request.user.row)),
    }),
  );
  app.get(
    '/invoice/:id',
    rows.get({ summary: 'One invoice with its entries', operationId: 'getInvoice' }, invoiceSchema),
    async (request) => getInvoice(app.db, request.user.id, request.params.id, userToday(request.user.row)),
  );
  app.put(
    '/invoice/:id',
    rows.update(
      {
        summary: "Override an invoice's closing and due dates",
        operationId: 'updateInvoice',
        description: 'null puts a date back to the one computed from the card. Closing must be before due.',
        body: invoiceUpdateBodySchema,
      },
      invoiceSchema,
    ),
    async (request) =>
      updateInvoice(app.db, request.user.id, request.params.id, request.body, userToday(request.user.row)),
  );
  app.post(
    '/invoice/:id/paid',
    rows.update(
      {
        summary: 'Pay an invoice (full, partial, over) or undo its payments',
        operationId: 'payInvoice',
        description:
          'paid=true records a payment (a transfer from the account to the card); paid=false removes them all, or only payment_id.',
        headers: idempotencyHeadersSchema,
        body: invoicePaidBodySchema,
      },
      invoiceSchema,
    ),
    async (request) =>
      (
        await idempotent(app.db, request, 200, (trx) =>
          payInvoice(trx, request.user.id, request.params.id, request.body, userToday(request.user.row)),
        )
      ).body,
  );
}
