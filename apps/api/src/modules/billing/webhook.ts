import type Stripe from 'stripe';
import { AppError, notFound } from '../../lib/errors.ts';
import { localeOf } from '../../lib/messages.ts';
import type { LogRequest } from '../identity/account-logs.ts';
import { composeMail } from '../identity/mail.ts';
import { completeCheckout } from './checkout.ts';
import { type BillingContext, customerId, stripeOf } from './context.ts';
import { readBest, writeCopy } from './subscription.ts';

const WEBHOOK_TOLERANCE_SECONDS = 300;

/** The `t=` of a Stripe-Signature header (seconds since the epoch); Infinity when missing or unreadable. */
function signedAt(signature: string | undefined): number {
  const match = /(?:^|,)\s*t=(\d+)/.exec(signature ?? '');
  return match ? Number(match[1]) : Number.POSITIVE_INFINITY;
}

/** The webhook events that change the copy (DESIGN.md §6); any other type is acknowledged and logged. */
const HANDLED_EVENTS = new Set([
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'customer.subscription.paused',
  'customer.subscription.resumed',
  'customer.subscription.trial_will_end',
  'invoice.paid',
  'invoice.payment_failed',
]);
const MAIL_EVENTS: Record<string, 'mail.trialWillEnd' | 'mail.paymentFailed'> = {
  'customer.subscription.trial_will_end': 'mail.trialWillEnd',
  'invoice.payment_failed': 'mail.paymentFailed',
};

/**
 * POST /stripe/webhook. The signature is checked on the raw body; the event's subscription state is
 * re-read from Stripe; the event id is recorded in the transaction of its effect, so a replay or a
 * concurrent duplicate changes nothing and sends no second e-mail.
 */
export async function webhook(
  ctx: BillingContext,
  rawBody: Buffer,
  signature: string | undefined,
  request: LogRequest,
): Promise<void> {
  const stripe = stripeOf(ctx);
  const secret = ctx.config.stripe.webhookSecret;
  if (!secret) throw notFound('billingDisabled');
  let event: Stripe.Event;
  try {
    event = stripe.webhooks.constructEvent(rawBody, signature ?? '', secret, WEBHOOK_TOLERANCE_SECONDS);
  } catch {
    throw new AppError(400, 'VALIDATION_ERROR', 'webhookSignatureInvalid');
  }
  // Stripe's check refuses a timestamp too far in the past only; one as far in the future is refused too,
  // so a signature made with a clock set ahead cannot be replayed later.
  if (signedAt(signature) > Date.now() / 1000 + WEBHOOK_TOLERANCE_SECONDS) {
    throw new AppError(400, 'VALIDATION_ERROR', 'webhookSignatureInvalid');
  }
  const seen = await ctx.db
    .selectFrom('stripe_events')
    .select('id')
    .where('id', '=', event.id)
    .executeTakeFirst();
  if (seen) return;
  const ref = { id: event.id, type: event.type };
  if (!HANDLED_EVENTS.has(event.type)) {
    ctx.log.info({ type: event.type, id: event.id }, 'stripe: webhook event not handled');
    await writeCopy(ctx, 0, null, request, event.type, ref);
    return;
  }
  const object = event.data.object as { customer?: string | { id: string } | null };
  const customer = customerId(object.customer);
  const user = customer
    ? await ctx.db
        .selectFrom('users')
        .select(['id', 'name', 'email', 'language_id'])
        .where('stripe_customer_id', '=', customer)
        .executeTakeFirst()
    : undefined;
  if (!customer || !user) {
    ctx.log.info({ type: event.type, id: event.id }, 'stripe: webhook for no known customer');
    await writeCopy(ctx, 0, null, request, event.type, ref);
    return;
  }
  let first: boolean;
  if (event.type === 'checkout.session.completed') {
    const session = await stripe.checkout.sessions.retrieve((event.data.object as { id: string }).id);
    first = await completeCheckout(ctx, customer, session, request, user.id, ref);
  } else {
    first = await writeCopy(ctx, user.id, await readBest(ctx, customer), request, event.type, ref);
  }
  const mail = MAIL_EVENTS[event.type];
  if (first && mail) {
    ctx.outbox.enqueue(
      composeMail({
        kind: mail,
        namespace: 'billing',
        locale: localeOf(user.language_id),
        appName: ctx.config.appName,
        to: user.email,
        name: user.name,
        link: `${ctx.config.appUrl}/configs/my-plan`,
      }),
    );
  }
}
