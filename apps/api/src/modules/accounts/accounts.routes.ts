import {
  accountCreateBodySchema,
  accountDeleteBodySchema,
  accountDeleteQuerySchema,
  accountGetQuerySchema,
  accountListQuerySchema,
  accountListSchema,
  accountSchema,
  accountUpdateBodySchema,
  errorBodySchema,
  idParamsSchema,
} from '@centavo/shared';
import { z } from 'zod';
import type { App } from '../../lib/http.ts';
import { userToday } from '../../lib/today.ts';
import { createAccount, editAccount, getAccount, listAccounts, removeAccount } from './accounts.service.ts';

const tags = ['accounts'];
const errors = { 404: errorBodySchema, 409: errorBodySchema, 422: errorBodySchema };

export async function accountRoutes(app: App): Promise<void> {
  app.get(
    '/account',
    {
      schema: {
        summary: 'Accounts with their balances',
        operationId: 'listAccounts',
        tags,
        querystring: accountListQuerySchema,
        response: { 200: accountListSchema, 422: errorBodySchema },
      },
    },
    async (request) => ({
      data: await listAccounts(app.db, request.user.id, {
        includeArchived: request.query.include_archived ?? false,
        month: request.query.month,
        today: userToday(request.user.row),
      }),
    }),
  );
  app.get(
    '/account/:id',
    {
      schema: {
        summary: 'One account with its balances',
        operationId: 'getAccount',
        tags,
        params: idParamsSchema,
        querystring: accountGetQuerySchema,
        response: { 200: accountSchema, ...errors },
      },
    },
    async (request) =>
      getAccount(
        app.db,
        request.user.id,
        request.params.id,
        request.query.month,
        userToday(request.user.row),
      ),
  );
  app.post(
    '/account',
    {
      config: { access: 'finance-write' },
      schema: {
        summary: 'Create an account',
        operationId: 'createAccount',
        tags,
        body: accountCreateBodySchema,
        response: { 201: accountSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createAccount(app.db, request.user.id, request.body)),
  );
  app.put(
    '/account/:id',
    {
      config: { access: 'finance-write' },
      schema: {
        summary: 'Change an account',
        operationId: 'updateAccount',
        tags,
        params: idParamsSchema,
        body: accountUpdateBodySchema,
        response: { 200: accountSchema, ...errors },
      },
    },
    async (request) => editAccount(app.db, request.user.id, request.params.id, request.body),
  );
  app.delete(
    '/account/:id',
    {
      config: { access: 'finance-write' },
      schema: {
        summary: 'Delete an account (and its entries when asked)',
        operationId: 'deleteAccount',
        tags,
        description: 'An account with entries answers 409 unless delete_entries=true (query or body).',
        params: idParamsSchema,
        querystring: accountDeleteQuerySchema,
        body: accountDeleteBodySchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const deleteEntries = request.query.delete_entries === true || request.body?.delete_entries === true;
      await removeAccount(app.db, request.user.id, request.params.id, deleteEntries);
      return reply.status(204).send(null);
    },
  );
}
