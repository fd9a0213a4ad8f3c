import { errorBodySchema, priceListSchema, webhookAnswerSchema } from '@centavo/shared';
import { z } from 'zod';
import type { App } from '../../lib/http.ts';

const tags = ['billing'];

/** Public billing routes: the plans' prices (the landing page shows them) and Stripe's webhook. */
export async function webhookRoutes(app: App): Promise<void> {
  app.get(
    '/stripe/prices',
    {
      schema: {
        summary: 'The monthly and yearly plans with their prices ([] when billing is off)',
        operationId: 'listPrices',
        tags,
        response: { 200: priceListSchema, 503: errorBodySchema },
      },
    },
    async () => app.billing.prices(),
  );

  // The signature covers the exact bytes Stripe sent: this route keeps the body raw instead of parsing it.
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
    done(null, body),
  );
  app.post(
    '/stripe/webhook',
    {
      config: { access: 'open' },
      schema: {
        summary: "Stripe's webhook (signed; each event has one effect)",
        operationId: 'stripeWebhook',
        tags,
        headers: z.object({
          'stripe-signature': z.string().max(4096).optional().meta({ example: 't=1764000000,v1=5257a869…' }),
        }),
        response: {
          200: webhookAnswerSchema,
          400: errorBodySchema,
          404: errorBodySchema,
          503: errorBodySchema,
        },
      },
    },
    async (request) => {
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      await app.billing.webhook(body, request.headers['stripe-signature'], request);
      return { received: true };
    },
  );
}
