import { errorBodySchema } from '@centavo/shared';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifySchema } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { App } from '../lib/http.ts';

type Schema = FastifySchema & { security?: unknown[]; hide?: boolean; response?: Record<string, unknown> };

/**
 * Every answer an operation can give, described: its own, and the errors it can give from what it declares: a route that needs a token can
 * answer 401, one with an id in its path 404, one with input 422 (and 413 for a body), and every one 500
 * and 503 (database away). They are documented with the error schema and also checked by the serializer,
 * so the document cannot promise a shape the API does not send.
 */
function withResponses(schema: Schema, method: string): Schema {
  const response: Record<string, unknown> = { ...(schema.response ?? {}) };
  const add = (status: number) => {
    response[status] ??= errorBodySchema;
  };
  const signedIn = !(Array.isArray(schema.security) && schema.security.length === 0);
  if (signedIn) add(401);
  if (schema.params) add(404);
  if (schema.body || schema.querystring || schema.params) add(422);
  if (schema.body && method !== 'GET') add(413);
  add(500);
  add(503);
  // Every answer says what it is (the generator's default is "Default Response").
  for (const [status, answer] of Object.entries(response)) {
    if (answer instanceof z.ZodType && !answer.description)
      response[status] = answer.describe(DESCRIPTIONS[Number(status)] ?? 'Answer');
  }
  return { ...schema, response };
}

const DESCRIPTIONS: Record<number, string> = {
  200: 'OK',
  201: 'Created',
  204: 'Done; no content',
  401: 'No valid access token',
  403: 'Not allowed',
  404: 'Not found, or another user’s',
  409: 'Conflicts with the current state',
  413: 'Request body too large',
  422: 'Invalid input: `errors` names each field',
  429: 'Too many requests',
  500: 'Internal error',
  503: 'A dependency (the database) is unavailable',
};

/**
 * OpenAPI generated from the routes' zod schemas (@fastify/swagger), with the interactive docs and the
 * document at /api/docs (`/api/docs/json`). Registered before the modules: the onRoute hook completes each
 * operation's error answers as it is added.
 */
export async function registerOpenApi(app: App, version: string): Promise<void> {
  app.addHook('onRoute', (route) => {
    const schema = route.schema as Schema | undefined;
    if (!schema || schema.hide) return;
    const method = Array.isArray(route.method) ? String(route.method[0]) : String(route.method);
    route.schema = withResponses(schema, method);
  });
  await app.register(swagger, {
    openapi: {
      info: {
        title: `${app.config.appName} API`,
        version,
        description:
          'Personal finance: accounts, entries, cards and invoices, budgets and reports. Money is always an ' +
          'integer count of minor units (cents: `12345` is 123.45); dates are `YYYY-MM-DD`, months ' +
          '`YYYY-MM`. Errors are `{message, code, key, params?, errors?}`: translate from `key` and `params`.',
        license: { name: 'Proprietary' },
      },
      servers: [{ url: '/' }],
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: false,
    uiConfig: { docExpansion: 'list', deepLinking: false },
  });
}
