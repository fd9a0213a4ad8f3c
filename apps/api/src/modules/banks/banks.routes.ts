import {
  bankListQuerySchema,
  bankListSchema,
  bankSchema,
  errorBodySchema,
  idParamsSchema,
} from '@centavo/shared';
import { notFound } from '../../lib/errors.ts';
import type { App } from '../../lib/http.ts';
import { findBankById, findBanks } from './banks.repository.ts';

const tags = ['banks'];

export async function bankRoutes(app: App): Promise<void> {
  app.get(
    '/bank',
    {
      schema: {
        summary: 'Banks',
        operationId: 'listBanks',
        tags,
        querystring: bankListQuerySchema,
        response: { 200: bankListSchema },
      },
    },
    async (request) => ({ data: await findBanks(app.db, request.query.search) }),
  );
  app.get(
    '/bank/:id',
    {
      schema: {
        summary: 'One bank',
        operationId: 'getBank',
        tags,
        params: idParamsSchema,
        response: { 200: bankSchema, 404: errorBodySchema },
      },
    },
    async (request) => {
      const bank = await findBankById(app.db, request.params.id);
      if (!bank) throw notFound('bankNotFound');
      return bank;
    },
  );
}
