import { healthSchema, publicConfigSchema } from '@centavo/shared';
import { sql } from 'kysely';
import type { App } from '../../lib/http.ts';
import { VERSION } from '../../version.ts';

export async function healthModule(app: App): Promise<void> {
  app.get(
    '/health',
    {
      schema: {
        summary: 'Health of the API and its database',
        operationId: 'getHealth',
        tags: ['health'],
        security: [],
        response: { 200: healthSchema, 503: healthSchema },
      },
    },
    async (_request, reply) => {
      try {
        await sql`select 1`.execute(app.db);
        return { status: 'ok' as const, version: VERSION, database: app.dbKind };
      } catch {
        return reply
          .status(503)
          .send({ status: 'degraded' as const, version: VERSION, database: app.dbKind });
      }
    },
  );

  // Public: only what the visitor pages need, never a secret (the Stripe keys stay on the server).
  app.get(
    '/config',
    {
      schema: {
        summary: 'Public settings the web app needs before sign-in',
        operationId: 'getPublicConfig',
        tags: ['health'],
        security: [],
        response: { 200: publicConfigSchema },
      },
    },
    async () => ({
      app_name: app.config.appName,
      billing_enabled: app.config.billingEnabled,
      register_thank_you_url: app.config.registerThankYouUrl ?? null,
    }),
  );
}
