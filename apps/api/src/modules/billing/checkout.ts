import type { ConfirmCheckout, Plan } from '@centavo/shared';
import type Stripe from 'stripe';
import { notFound } from '../../lib/errors.ts';
import { localeOf } from '../../lib/messages.ts';
import type { LogRequest } from '../identity/account-logs.ts';
import {
  type BillingContext,
  customerId,
  digest,
  isMissing,
  priceId,
  stripeOf,
  unavailable,
} from './context.ts';
import { information } from './information.ts';
import { ensureOrUnavailable, readBest, writeCopy } from './subscription.ts';

// Stripe Checkout and the customer portal (DESIGN.md §6): the web app only ever gets their URLs.

/** Checkout refuses `subscription_data.trial_end` less than 48 h ahead; an hour of margin for the clock. */
const CHECKOUT_MIN_TRIAL_MS = 49 * 3_600_000;

/** POST /billing/checkout-session: Stripe Checkout for `plan` on the user's one customer. */
export async function checkoutSession(
  ctx: BillingContext,
  userId: number,
  plan: Plan,
  languageId: number,
): Promise<{ url: string }> {
  const stripe = stripeOf(ctx);
  const { user, customer } = await ensureOrUnavailable(ctx, userId);
  const appUrl = ctx.config.appUrl;
  // A user still in the trial keeps its remaining days (when Checkout accepts them: 48 h or more).
  const trialEnd =
    user.subscription_status === 'trialing' && user.trial_end !== null ? Date.parse(user.trial_end) : null;
  const keepTrial = trialEnd !== null && trialEnd - Date.now() >= CHECKOUT_MIN_TRIAL_MS;
  try {
    const session = await stripe.checkout.sessions.create(
      {
        mode: 'subscription',
        customer,
        line_items: [{ price: priceId(ctx, plan), quantity: 1 }],
        success_url: `${appUrl}/configs/my-plan?session_id={CHECKOUT_SESSION_ID}`,
        cancel_url: `${appUrl}/configs/my-plan/upgrade`,
        client_reference_id: String(user.id),
        locale: localeOf(languageId) === 'br' ? 'pt-BR' : 'en',
        metadata: { user_id: String(user.id), plan },
        subscription_data: {
          metadata: { user_id: String(user.id), plan },
          ...(keepTrial && trialEnd !== null ? { trial_end: Math.floor(trialEnd / 1000) } : {}),
        },
      },
      // A fresh key per click: a new session each time (the SDK's retry reuses it).
      {
        idempotencyKey: `centavo-checkout-${user.id}-${plan}-${Date.now()}-${Math.random().toString(36).slice(2)}`,
      },
    );
    if (!session.url) throw new Error('Checkout session without url');
    return { url: session.url };
  } catch (error) {
    throw unavailable(ctx, error);
  }
}

/**
 * The success page: the session is read from Stripe at once (not waiting for the webhook) and, when
 * complete, its subscription becomes the user's and the registration trial is cancelled.
 */
export async function confirmCheckout(
  ctx: BillingContext,
  userId: number,
  sessionId: string,
  request: LogRequest,
): Promise<ConfirmCheckout> {
  const stripe = stripeOf(ctx);
  const { customer } = await ensureOrUnavailable(ctx, userId);
  let session: Stripe.Checkout.Session;
  try {
    session = await stripe.checkout.sessions.retrieve(sessionId);
  } catch (error) {
    if (isMissing(error)) throw notFound('resourceNotFound', 'session_id');
    throw unavailable(ctx, error);
  }
  // Another user's session is as unknown as a missing one.
  if (customerId(session.customer) !== customer) throw notFound('resourceNotFound', 'session_id');
  const confirmed =
    session.status === 'complete' &&
    (session.payment_status === 'paid' || session.payment_status === 'no_payment_required');
  if (confirmed) await completeCheckout(ctx, customer, session, request, userId);
  const plan = session.metadata?.plan;
  const thankYou =
    plan === 'yearly'
      ? ctx.config.checkoutThankYouUrlYearly
      : plan === 'monthly'
        ? ctx.config.checkoutThankYouUrlMonthly
        : undefined;
  return {
    confirmed,
    thank_you_url: (confirmed && thankYou) || null,
    information: await information(ctx, userId),
  };
}

export async function completeCheckout(
  ctx: BillingContext,
  customer: string,
  session: Stripe.Checkout.Session,
  request: LogRequest,
  userId: number,
  event?: { id: string; type: string },
): Promise<boolean> {
  const stripe = stripeOf(ctx);
  const paid = customerId(session.subscription);
  if (paid) {
    // The registration trial gives way to the paid subscription; cancelling twice is harmless.
    const subs = await stripe.subscriptions.list({ customer, status: 'trialing', limit: 20 });
    for (const sub of subs.data) {
      if (sub.id === paid || sub.metadata?.centavo_trial !== 'true') continue;
      await stripe.subscriptions.cancel(sub.id).catch((error: unknown) => {
        if (!isMissing(error)) throw error;
      });
    }
  }
  return writeCopy(ctx, userId, await readBest(ctx, customer), request, 'checkout', event);
}

/** POST /billing/portal-session: Stripe's customer portal with the instance's one configuration. */
export async function portalSession(
  ctx: BillingContext,
  userId: number,
  languageId: number,
): Promise<{ url: string }> {
  const stripe = stripeOf(ctx);
  const { customer } = await ensureOrUnavailable(ctx, userId);
  try {
    const configuration = await portalConfiguration(ctx, stripe);
    const session = await stripe.billingPortal.sessions.create({
      customer,
      configuration,
      return_url: `${ctx.config.appUrl}/configs/my-plan`,
      locale: localeOf(languageId) === 'br' ? 'pt-BR' : 'en',
    });
    return { url: session.url };
  } catch (error) {
    throw unavailable(ctx, error);
  }
}

/** Created once and its id kept (billing_settings): customer update, invoices, card, cancel, switch, pause. */
/** What the customer portal lets a user do (DESIGN.md §6): switch between the plan's prices, cancel at the end. */
export function portalFeatures(
  product: string,
  prices: string[],
): Stripe.BillingPortal.ConfigurationCreateParams.Features {
  return {
    customer_update: { enabled: true, allowed_updates: ['email', 'name'] },
    invoice_history: { enabled: true },
    payment_method_update: { enabled: true },
    subscription_cancel: { enabled: true, mode: 'at_period_end' },
    subscription_pause: { enabled: true },
    subscription_update: {
      enabled: true,
      default_allowed_updates: ['price'],
      products: [{ product, prices }],
      proration_behavior: 'create_prorations',
    },
  };
}

async function portalConfiguration(ctx: BillingContext, stripe: Stripe): Promise<string> {
  const db = ctx.db;
  const kept = await db
    .selectFrom('billing_settings')
    .select('value')
    .where('key', '=', 'portal_configuration')
    .executeTakeFirst();
  if (kept) return kept.value;
  const monthly = await stripe.prices.retrieve(priceId(ctx, 'monthly'));
  const product = typeof monthly.product === 'string' ? monthly.product : monthly.product.id;
  const configuration = await stripe.billingPortal.configurations.create(
    {
      business_profile: { headline: ctx.config.appName },
      default_return_url: `${ctx.config.appUrl}/configs/my-plan`,
      features: portalFeatures(product, [priceId(ctx, 'monthly'), priceId(ctx, 'yearly')]),
    },
    { idempotencyKey: `centavo-portal-configuration-${digest(ctx.config.appUrl, product)}` },
  );
  await db
    .insertInto('billing_settings')
    .values({ key: 'portal_configuration', value: configuration.id })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const stored = await db
    .selectFrom('billing_settings')
    .select('value')
    .where('key', '=', 'portal_configuration')
    .executeTakeFirstOrThrow();
  return stored.value;
}
