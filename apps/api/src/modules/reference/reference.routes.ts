import { countrySchema, currencySchema, languageSchema, listSchema } from '@centavo/shared';
import type { App } from '../../lib/http.ts';

/** Global reference lists (no user data); public so the registration and preference forms can load them. */
export async function referenceModule(app: App): Promise<void> {
  app.get(
    '/language',
    { schema: { tags: ['reference'], security: [], response: { 200: listSchema(languageSchema) } } },
    async () => ({
      data: await app.db.selectFrom('languages').select(['id', 'code', 'name']).orderBy('id').execute(),
    }),
  );
  app.get(
    '/currency',
    { schema: { tags: ['reference'], security: [], response: { 200: listSchema(currencySchema) } } },
    async () => ({
      data: await app.db
        .selectFrom('currencies')
        .select(['id', 'code', 'name', 'decimals'])
        .orderBy('id')
        .execute(),
    }),
  );
  app.get(
    '/country',
    { schema: { tags: ['reference'], security: [], response: { 200: listSchema(countrySchema) } } },
    async () => ({
      data: await app.db.selectFrom('countries').select(['id', 'code', 'name']).orderBy('id').execute(),
    }),
  );
}
