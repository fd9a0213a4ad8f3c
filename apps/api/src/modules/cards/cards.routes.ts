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
import { z } from 'zod';
import { notFound } from '../../lib/errors.ts';
import type { App } from '../../lib/http.ts';
import { idempotent } from '../../lib/idempotency.ts';
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
    {
      schema: {
        summary: 'One card with its available limit and open invoice',
        operationId: 'getCard',
        tags: ['cards'],
        params: idParamsSchema,
        response: { 200: cardSchema, ...errors },
      },
    },
    async (request) => getCard(app.db, request.user.id, request.params.id, userToday(request.user.row)),
  );
  app.post(
    '/card',
    {
      config: { access: 'finance-write' },
      schema: {
        summary: 'Create a card',
        operationId: 'createCard',
        tags: ['cards'],
        body: cardCreateBodySchema,
        response: { 201: cardSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await createCard(app.db, request.user.id, request.body, userToday(request.user.row))),
  );
  app.put(
    '/card/:id',
    {
      config: { access: 'finance-write' },
      schema: {
        summary: 'Change a card',
        operationId: 'updateCard',
        tags: ['cards'],
        description:
          'New closing or due days move the entries of unpaid invoices to the invoice the rule gives.',
        params: idParamsSchema,
        body: cardUpdateBodySchema,
        response: { 200: cardSchema, ...errors },
      },
    },
    async (request) =>
      editCard(app.db, request.user.id, request.params.id, request.body, userToday(request.user.row)),
  );
  app.delete(
    '/card/:id',
    {
      config: { access: 'finance-write' },
      schema: {
        summary: 'Delete a card (and its entries when asked)',
        operationId: 'deleteCard',
        tags: ['cards'],
        description: 'A card with entries answers 409 unless delete_entries=true.',
        params: idParamsSchema,
        querystring: cardDeleteQuerySchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await removeCard(app.db, request.user.id, request.params.id, request.query.delete_entries === true);
      return reply.status(204).send(null);
    },
  );
  app.get(
    '/card/:id/invoice',
    {
      schema: {
        summary: "A card's invoice of a month with its entries",
        operationId: 'getCardInvoice',
        tags: ['cards'],
        description: 'The invoice due in `month` (default: the open invoice), with its entries and payments.',
        params: idParamsSchema,
        querystring: cardInvoiceQuerySchema,
        response: { 200: invoiceSchema, ...errors },
      },
    },
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
    {
      schema: {
        summary: 'One invoice with its entries',
        operationId: 'getInvoice',
        tags: ['cards'],
        params: idParamsSchema,
        response: { 200: invoiceSchema, ...errors },
      },
    },
    async (request) => getInvoice(app.db, request.user.id, request.params.id, userToday(request.user.row)),
  );
  app.put(
    '/invoice/:id',
    {
      config: { access: 'finance-write' },
      schema: {
        summary: "Override an invoice's closing and due dates",
        operationId: 'updateInvoice',
        tags: ['cards'],
        description: 'null puts a date back to the one computed from the card. Closing must be before due.',
        params: idParamsSchema,
        body: invoiceUpdateBodySchema,
        response: { 200: invoiceSchema, ...errors },
      },
    },
    async (request) =>
      updateInvoice(app.db, request.user.id, request.params.id, request.body, userToday(request.user.row)),
  );
  app.post(
    '/invoice/:id/paid',
    {
      config: { access: 'finance-write' },
      schema: {
        summary: 'Pay an invoice (full, partial, over) or undo its payments',
        operationId: 'payInvoice',
        tags: ['cards'],
        description:
          'paid=true records a payment (a transfer from the account to the card); paid=false removes them all, or only payment_id.',
        headers: idempotencyHeadersSchema,
        params: idParamsSchema,
        body: invoicePaidBodySchema,
        response: { 200: invoiceSchema, ...errors },
      },
    },
    async (request) =>
      (
        await idempotent(app.db, request, 200, (trx) =>
          payInvoice(trx, request.user.id, request.params.id, request.body, userToday(request.user.row)),
        )
      ).body,
  );
}
