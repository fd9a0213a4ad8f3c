import { accountLogSchema, errorBodySchema, paginatedSchema, paginationQuerySchema } from '@centavo/shared';
import type { App } from '../../lib/http.ts';
import { countAccountLogs, listAccountLogs } from './account-logs.ts';
import type { IdentityDeps } from './identity.deps.ts';

export async function accountLogRoutes(app: App, deps: IdentityDeps): Promise<void> {
  app.get(
    '/account-logs',
    {
      schema: {
        summary: 'Account activity log, newest first',
        operationId: 'listAccountLogs',
        tags: ['user'],
        querystring: paginationQuerySchema,
        response: { 200: paginatedSchema(accountLogSchema), 401: errorBodySchema, 422: errorBodySchema },
      },
    },
    async (request) => {
      const { page, per_page } = request.query;
      const [total, data] = await Promise.all([
        countAccountLogs(deps.db, request.user.id),
        listAccountLogs(deps.db, request.user.id, page, per_page),
      ]);
      return { data, meta: { total, page, per_page } };
    },
  );
}
