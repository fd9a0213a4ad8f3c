import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, type TestContext } from '../../../test/app.ts';
import { PRICES, type StripeEvent } from '../../../test/stripe/resources.ts';
import {
  DEFAULT_WEBHOOK_SECRET,
  type StripeServer,
  startStripeServer,
  TEST_SECRET_KEY,
} from '../../../test/stripe/server.ts';
import type { Mailer } from '../../lib/mailer.ts';

export interface BillingContext {
  ctx: TestContext;
  stripe: StripeServer;
  close(): Promise<void>;
}

/** The app with billing on, its real Stripe SDK pointed at a local Stripe-shaped server this test owns. */
export async function createBillingApp(
  env: Record<string, string> = {},
  mailer?: Mailer,
): Promise<BillingContext> {
  const stripe = await startStripeServer();
  const ctx = await createTestApp(
    {
      STRIPE_SECRET_KEY: TEST_SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: DEFAULT_WEBHOOK_SECRET,
      STRIPE_API_BASE: stripe.url,
      STRIPE_PRICE_MONTHLY: PRICES.monthly.id,
      STRIPE_PRICE_YEARLY: PRICES.yearly.id,
      ...env,
    },
    mailer,
  );
  return {
    ctx,
    stripe,
    async close() {
      await ctx.close();
      await stripe.close();
    },
  };
}

/** POSTs one event to the webhook, signed by the SDK's generateTestHeaderString. */
export function postEvent(
  b: BillingContext,
  event: StripeEvent,
  options: { stale?: boolean; secret?: string; timestamp?: number } = {},
): Promise<LightMyRequestResponse> {
  const { payload, header } = b.stripe.sign(event, options);
  return b.ctx.app.inject({
    method: 'POST',
    url: '/api/v1/stripe/webhook',
    payload,
    headers: { 'content-type': 'application/json', 'stripe-signature': header },
  });
}

/** The user's subscription copy as the server holds it. */
export function copyOf(b: BillingContext, userId: number) {
  return b.ctx.database.db
    .selectFrom('users')
    .select([
      'stripe_customer_id',
      'stripe_subscription_id',
      'subscription_status',
      'subscription_plan',
      'trial_end',
      'current_period_end',
      'cancel_at_period_end',
      'past_due_since',
    ])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
}
