import { countrySchema, currencySchema, languageSchema, listSchema } from '@centavo/shared';
import type { App } from '../../lib/http.ts';
import { findCountries, findCurrencies, findLanguages } from './reference.repository.ts';

/** Global reference lists (no user data); public so the registration and preference forms can load them. */
export async function referenceModule(app: App): Promise<void> {
  app.get(
    '/language',
    {
      schema: {
        summary: 'Interface languages',
        operationId: 'listLanguages',
        tags: ['reference'],
        security: [],
        response: { 200: listSchema(languageSchema) },
      },
    },
    async () => ({ data: await findLanguages(app.db) }),
  );
  app.get(
    '/currency',
    {
      schema: {
        summary: 'Currencies (ISO 4217) with their minor-unit digits',
        operationId: 'listCurrencies',
        tags: ['reference'],
        security: [],
        response: { 200: listSchema(currencySchema) },
      },
    },
    async () => ({ data: await findCurrencies(app.db) }),
  );
  app.get(
    '/country',
    {
      schema: {
        summary: 'Countries (ISO 3166-1)',
        operationId: 'listCountries',
        tags: ['reference'],
        security: [],
        response: { 200: listSchema(countrySchema) },
      },
    },
    async () => ({ data: await findCountries(app.db) }),
  );
}
