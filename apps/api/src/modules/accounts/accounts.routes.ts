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
} from '@centavo/shared';
import type { App } from '../../lib/http.ts';
import { rowRoutes } from '../../lib/routes.ts';
import { userToday } from '../../lib/today.ts';
import { createAccount, editAccount, getAccount, listAccounts, removeAccount } from './accounts.service.ts';

const tags = ['accounts'];
const errors = { 404: errorBodySchema, 409: errorBodySchema, 422: errorBodySchema };
const rows = rowRoutes(tags, errors);

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
    rows.get(
      {
        summary: 'One account with its balances',
        operationId: 'getAccount',
        querystring: accountGetQuerySchema,
      },
      accountSchema,
    ),
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
    rows.create(
      { summary: 'Create an account', operationId: 'createAccount', body: accountCreateBodySchema },
      accountSchema,
    ),
    async (request, reply) =>
      reply.status(201).send(await createAccount(app.db, request.user.id, request.body)),
  );
  app.put(
    '/account/:id',
    rows.update(
      { summary: 'Change an account', operationId: 'updateAccount', body: accountUpdateBodySchema },
      accountSchema,
    ),
    async (request) => editAccount(app.db, request.user.id, request.params.id, request.body),
  );
  app.delete(
    '/account/:id',
    rows.remove({
      summary: 'Delete an account (and its entries when asked)',
      operationId: 'deleteAccount',
      description: 'An account with entries answers 409 unless delete_entries=true (query or body).',
      querystring: accountDeleteQuerySchema,
      body: accountDeleteBodySchema,
    }),
    async (request, reply) => {
      const deleteEntries = request.query.delete_entries === true || request.body?.delete_entries === true;
      await removeAccount(app.db, request.user.id, request.params.id, deleteEntries);
      return reply.status(204).send(null);
    },
  );
}
