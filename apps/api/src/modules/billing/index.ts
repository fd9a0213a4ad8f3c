import type { App } from '../../lib/http.ts';
import { MailOutbox } from '../identity/mail.ts';
import { billingRoutes } from './billing.routes.ts';
import { BillingService } from './billing.service.ts';
import { createStripeClient } from './stripe-client.ts';
import { webhookRoutes } from './webhook.routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Stripe billing (DESIGN.md §6); identity calls it at sign-up and account deletion. */
    billing: BillingService;
  }
}

/** Decorates the app with the billing service, before any module: identity uses it too. */
export function decorateBilling(app: App): void {
  const outbox = new MailOutbox(app.mailer, app.log);
  app.addHook('onClose', async () => outbox.idle());
  app.decorate(
    'billing',
    new BillingService({
      db: app.db,
      config: app.config,
      stripe: createStripeClient(app.config),
      log: app.log,
      outbox,
    }),
  );
}

/** Billing: prices, the user's subscription, Checkout, the portal, refund and Stripe's webhook. */
export async function billingModule(app: App): Promise<void> {
  await app.register(async (open) => webhookRoutes(open));
  await app.register(async (signedIn) => {
    signedIn.addHook('onRequest', app.authenticate);
    await billingRoutes(signedIn);
  });
}
