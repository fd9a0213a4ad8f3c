import type { ConfirmCheckout, Plan, PlanPrice, UserInformation } from '@centavo/shared';
import type Stripe from 'stripe';
import type { LogRequest } from '../identity/account-logs.ts';
import type { UserRow } from '../identity/users.repository.ts';
import { checkoutSession, confirmCheckout, portalSession } from './checkout.ts';
import { type BillingContext, priceId } from './context.ts';
import { information } from './information.ts';
import { refund } from './refund.ts';
import { afterRegister, beforeDelete, ensureCustomer } from './subscription.ts';
import { webhook } from './webhook.ts';

export type { BillingContext as BillingDeps } from './context.ts';
export { pickSubscription, type SubscriptionCopy } from './subscription.ts';

const PRICE_CACHE_MS = 5 * 60_000;

/**
 * Everything that talks to Stripe (DESIGN.md §6), one object per app: the routes and identity call it. The
 * secret key stays on the server; the web app only ever gets URLs and the user's own summary. With billing off
 * (`stripe` null) nothing here calls out. The work is in subscription.ts (customer, trial, the server's copy),
 * information.ts, checkout.ts (Checkout, portal), refund.ts and webhook.ts.
 */
export class BillingService {
  readonly #ctx: BillingContext;
  #prices: { at: number; value: Promise<PlanPrice[]> } | undefined;

  constructor(ctx: BillingContext) {
    this.#ctx = ctx;
  }

  /** Resolves when the billing e-mails queued so far have been handed to the mailer. */
  idle(): Promise<void> {
    return this.#ctx.outbox.idle();
  }

  get enabled(): boolean {
    return this.#ctx.stripe !== null;
  }

  /** GET /stripe/prices: both plans as Stripe has them, cached for minutes; [] with billing off. */
  async prices(): Promise<PlanPrice[]> {
    const stripe = this.#ctx.stripe;
    if (!stripe) return [];
    const now = Date.now();
    if (!this.#prices || now - this.#prices.at > PRICE_CACHE_MS) {
      const value = loadPrices(this.#ctx, stripe);
      this.#prices = { at: now, value };
      // A failed read is not cached: the next call asks again.
      value.catch(() => {
        if (this.#prices?.value === value) this.#prices = undefined;
      });
    }
    return this.#prices.value;
  }

  afterRegister(userId: number): Promise<void> {
    return afterRegister(this.#ctx, userId);
  }

  ensureCustomer(userId: number): Promise<{ user: UserRow; customer: string }> {
    return ensureCustomer(this.#ctx, userId);
  }

  beforeDelete(userId: number): Promise<void> {
    return beforeDelete(this.#ctx, userId);
  }

  information(userId: number, withInvoices = true): Promise<UserInformation> {
    return information(this.#ctx, userId, withInvoices);
  }

  checkoutSession(userId: number, plan: Plan, languageId: number): Promise<{ url: string }> {
    return checkoutSession(this.#ctx, userId, plan, languageId);
  }

  confirmCheckout(userId: number, sessionId: string, request: LogRequest): Promise<ConfirmCheckout> {
    return confirmCheckout(this.#ctx, userId, sessionId, request);
  }

  portalSession(userId: number, languageId: number): Promise<{ url: string }> {
    return portalSession(this.#ctx, userId, languageId);
  }

  refund(userId: number, request: LogRequest): Promise<UserInformation> {
    return refund(this.#ctx, userId, request);
  }

  webhook(rawBody: Buffer, signature: string | undefined, request: LogRequest): Promise<void> {
    return webhook(this.#ctx, rawBody, signature, request);
  }
}

async function loadPrices(ctx: BillingContext, stripe: Stripe): Promise<PlanPrice[]> {
  const out: PlanPrice[] = [];
  for (const plan of ['monthly', 'yearly'] as const) {
    const price = await stripe.prices.retrieve(priceId(ctx, plan));
    out.push({
      plan,
      price_id: price.id,
      amount: price.unit_amount ?? 0,
      currency: price.currency,
      interval: intervalOf(price.recurring?.interval, plan),
    });
  }
  return out;
}

function intervalOf(interval: string | undefined, plan: Plan): PlanPrice['interval'] {
  return interval === 'day' || interval === 'week' || interval === 'month' || interval === 'year'
    ? interval
    : plan === 'monthly'
      ? 'month'
      : 'year';
}
