import { TRIAL_DAYS } from '@centavo/shared';
import type Stripe from 'stripe';
import { notFound, serviceUnavailable } from '../../lib/errors.ts';
import { type LogRequest, recordAccountLog } from '../identity/account-logs.ts';
import { findUserById, type UserRow } from '../identity/users.repository.ts';
import {
  type BillingContext,
  DAY_MS,
  digest,
  isMissing,
  iso,
  planOf,
  priceId,
  stripeOf,
  unavailable,
} from './context.ts';

// The user's customer and the server's copy of their subscription (DESIGN.md §6): created at sign-up,
// re-read from Stripe on every change, written with its account-log line.

/** Subscription statuses, best first: the customer's best subscription is the user's (any event order). */
const STATUS_RANK: Record<string, number> = {
  active: 0,
  past_due: 1,
  trialing: 2,
  paused: 3,
  unpaid: 4,
  incomplete: 5,
  incomplete_expired: 6,
  canceled: 7,
};

/** The columns of the users row that copy the subscription. */
export interface SubscriptionCopy {
  stripe_subscription_id: string | null;
  subscription_status: string | null;
  subscription_plan: string | null;
  trial_end: string | null;
  current_period_end: string | null;
  cancel_at_period_end: number;
  past_due_since: string | null;
}

export function pickSubscription(list: Stripe.Subscription[]): Stripe.Subscription | null {
  let best: Stripe.Subscription | null = null;
  for (const sub of list) {
    if (!best) {
      best = sub;
      continue;
    }
    const rank = STATUS_RANK[sub.status] ?? 8;
    const bestRank = STATUS_RANK[best.status] ?? 8;
    if (rank < bestRank || (rank === bestRank && sub.created > best.created)) best = sub;
  }
  return best;
}

/**
 * After a sign-up has committed: the customer and its 7-day trial. A Stripe outage loses nothing: the
 * user is in the trial by the server's own rule (entitlement.ts) and the next billing call creates both.
 */
export async function afterRegister(ctx: BillingContext, userId: number): Promise<void> {
  if (!ctx.stripe) return;
  try {
    await ensureCustomer(ctx, userId);
  } catch (error) {
    ctx.log.warn(
      { err: error, userId },
      'stripe: customer not created at sign-up; retried on the next billing call',
    );
  }
}

/**
 * The user's Stripe customer, created once and reused forever (its id is kept), and the registration
 * trial when the user has no subscription yet. Idempotency keys make a retry or a concurrent call create
 * nothing twice.
 */
export async function ensureCustomer(
  ctx: BillingContext,
  userId: number,
): Promise<{ user: UserRow; customer: string }> {
  const stripe = stripeOf(ctx);
  const user = await findUserById(ctx.db, userId);
  if (!user) throw notFound();
  let customer = user.stripe_customer_id;
  if (!customer) {
    const created = await stripe.customers.create(
      { email: user.email, name: user.name, metadata: { user_id: String(user.id) } },
      { idempotencyKey: `centavo-customer-${user.id}-${digest(user.email, user.name)}` },
    );
    // Only if still unset: a concurrent call that got here first keeps its (identical, idempotent) id.
    await ctx.db
      .updateTable('users')
      .set({ stripe_customer_id: created.id })
      .where('id', '=', user.id)
      .where('stripe_customer_id', 'is', null)
      .execute();
    const reread = await findUserById(ctx.db, userId);
    customer = reread?.stripe_customer_id ?? created.id;
    user.stripe_customer_id = customer;
  }
  if (user.stripe_subscription_id === null && user.subscription_status === null) {
    await startTrial(ctx, stripe, user, customer);
  }
  return { user, customer };
}

export async function ensureOrUnavailable(
  ctx: BillingContext,
  userId: number,
): Promise<{ user: UserRow; customer: string }> {
  try {
    return await ensureCustomer(ctx, userId);
  } catch (error) {
    throw unavailable(ctx, error);
  }
}

/** The trial: seven days from sign-up, no card; at its end without one Stripe cancels it (no false past_due). */
async function startTrial(
  ctx: BillingContext,
  stripe: Stripe,
  user: UserRow,
  customer: string,
): Promise<void> {
  const trialEnd = Date.parse(user.created_at) + TRIAL_DAYS * DAY_MS;
  // Created late (Stripe was away at sign-up): only the days that are left; none left, no trial.
  if (trialEnd - Date.now() < 3_600_000) return;
  const late = Date.now() - Date.parse(user.created_at) > 3_600_000;
  const sub = await stripe.subscriptions.create(
    {
      customer,
      items: [{ price: priceId(ctx, 'monthly') }],
      ...(late ? { trial_end: Math.floor(trialEnd / 1000) } : { trial_period_days: TRIAL_DAYS }),
      trial_settings: { end_behavior: { missing_payment_method: 'cancel' } },
      metadata: { user_id: String(user.id), centavo_trial: 'true' },
    },
    { idempotencyKey: `centavo-trial-${user.id}` },
  );
  await writeCopy(ctx, user.id, sub, { ip: '', headers: {} }, 'registration');
}

/**
 * Re-reads the customer's subscriptions from Stripe and keeps the best one as the user's: whatever the
 * order events arrive in, the copy ends as Stripe holds it.
 */
export async function readBest(ctx: BillingContext, customer: string): Promise<Stripe.Subscription | null> {
  const list = await stripeOf(ctx).subscriptions.list({ customer, status: 'all', limit: 20 });
  return pickSubscription(list.data);
}

function copyOf(
  ctx: BillingContext,
  sub: Stripe.Subscription,
  previous: Pick<UserRow, 'subscription_status' | 'past_due_since'>,
): SubscriptionCopy {
  const item = sub.items.data[0];
  return {
    stripe_subscription_id: sub.id,
    subscription_status: sub.status,
    subscription_plan: sub.metadata?.centavo_trial === 'true' ? null : planOf(ctx, item?.price.id),
    trial_end: iso(sub.trial_end),
    current_period_end: iso(item?.current_period_end),
    cancel_at_period_end: sub.cancel_at_period_end || sub.cancel_at !== null ? 1 : 0,
    past_due_since:
      sub.status !== 'past_due'
        ? null
        : previous.subscription_status === 'past_due' && previous.past_due_since
          ? previous.past_due_since
          : new Date().toISOString(),
  };
}

/**
 * Writes the copy and its account-log line, and records the event id, in one transaction. Returns false
 * when the event was already processed (a replay or a concurrent duplicate): nothing is written then.
 */
export async function writeCopy(
  ctx: BillingContext,
  userId: number,
  sub: Stripe.Subscription | null,
  request: LogRequest,
  reason: string,
  event?: { id: string; type: string },
): Promise<boolean> {
  return ctx.db.transaction().execute(async (trx) => {
    if (event) {
      const inserted = await trx
        .insertInto('stripe_events')
        .values({ id: event.id, type: event.type, created_at: new Date().toISOString() })
        .onConflict((oc) => oc.column('id').doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!inserted) return false;
    }
    if (!sub) return true;
    const current = await findUserById(trx, userId);
    if (!current) return true;
    const copy = copyOf(ctx, sub, current);
    const changed =
      current.stripe_subscription_id !== copy.stripe_subscription_id ||
      current.subscription_status !== copy.subscription_status ||
      current.subscription_plan !== copy.subscription_plan ||
      current.trial_end !== copy.trial_end ||
      current.current_period_end !== copy.current_period_end ||
      current.cancel_at_period_end !== copy.cancel_at_period_end;
    if (!changed) return true;
    await trx.updateTable('users').set(copy).where('id', '=', userId).execute();
    await recordAccountLog(trx, userId, 'subscription_changed', request, {
      reason,
      subscription: copy.stripe_subscription_id,
      from: current.subscription_status,
      to: copy.subscription_status,
      plan: copy.subscription_plan,
      cancel_at_period_end: copy.cancel_at_period_end === 1,
    });
    return true;
  });
}

/** Before the user row goes: the subscription ends at once and the customer is deleted. */
export async function beforeDelete(ctx: BillingContext, userId: number): Promise<void> {
  const stripe = ctx.stripe;
  if (!stripe) return;
  const user = await findUserById(ctx.db, userId);
  if (!user?.stripe_customer_id) return;
  try {
    const subs = await stripe.subscriptions.list({ customer: user.stripe_customer_id, limit: 20 });
    for (const sub of subs.data) {
      await stripe.subscriptions.cancel(sub.id).catch((error: unknown) => {
        if (!isMissing(error)) throw error;
      });
    }
    await stripe.customers.del(user.stripe_customer_id).catch((error: unknown) => {
      if (!isMissing(error)) throw error;
    });
  } catch (error) {
    // The account stays (and can be deleted again): deleting it while Stripe keeps charging is worse.
    throw serviceUnavailable(error);
  }
}
