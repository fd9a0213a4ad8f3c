import { createHash } from 'node:crypto';
import {
  type BillingInvoice,
  type ConfirmCheckout,
  type Plan,
  type PlanPrice,
  REFUND_WINDOW_DAYS,
  TRIAL_DAYS,
  type UserInformation,
} from '@centavo/shared';
import type { FastifyBaseLogger } from 'fastify';
import type Stripe from 'stripe';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/connection.ts';
import { AppError, notFound, serviceUnavailable, validationError } from '../../lib/errors.ts';
import { localeOf } from '../../lib/messages.ts';
import { type LogRequest, recordAccountLog } from '../identity/account-logs.ts';
import { composeMail, type MailOutbox } from '../identity/mail.ts';
import { findUserById, type UserRow } from '../identity/users.repository.ts';
import { accessOf } from './entitlement.ts';

const DAY_MS = 86_400_000;
const PRICE_CACHE_MS = 5 * 60_000;
/** Checkout refuses `subscription_data.trial_end` less than 48 h ahead; an hour of margin for the clock. */
const CHECKOUT_MIN_TRIAL_MS = 49 * 3_600_000;
const WEBHOOK_TOLERANCE_SECONDS = 300;
const INVOICES_SHOWN = 12;

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

const iso = (unix: number | null | undefined): string | null =>
  unix === null || unix === undefined ? null : new Date(unix * 1000).toISOString();

/** A short stable digest, so an idempotency key changes when what it creates would change. */
const digest = (...parts: unknown[]): string =>
  createHash('sha256').update(JSON.stringify(parts)).digest('hex').slice(0, 16);

function customerId(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === 'string' ? value : value.id;
}

function isMissing(error: unknown): boolean {
  return (error as { code?: string } | null)?.code === 'resource_missing';
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

export interface BillingDeps {
  db: Db;
  config: Config;
  stripe: Stripe | null;
  log: FastifyBaseLogger;
  outbox: MailOutbox;
}

/**
 * Everything that talks to Stripe (DESIGN.md §6). The secret key stays here; the web app only ever gets
 * URLs and the user's own summary. With billing off (`stripe` null) nothing here calls out.
 */
export class BillingService {
  readonly #deps: BillingDeps;
  #prices: { at: number; value: Promise<PlanPrice[]> } | undefined;

  constructor(deps: BillingDeps) {
    this.#deps = deps;
  }

  /** Resolves when the billing e-mails queued so far have been handed to the mailer. */
  idle(): Promise<void> {
    return this.#deps.outbox.idle();
  }

  get enabled(): boolean {
    return this.#deps.stripe !== null;
  }

  #stripe(): Stripe {
    const stripe = this.#deps.stripe;
    if (!stripe) throw notFound('billingDisabled');
    return stripe;
  }

  #priceId(plan: Plan): string {
    const id =
      plan === 'monthly' ? this.#deps.config.stripe.priceMonthly : this.#deps.config.stripe.priceYearly;
    if (!id) throw new Error(`STRIPE_PRICE_${plan.toUpperCase()} is not set`);
    return id;
  }

  #planOf(priceId: string | undefined): Plan | null {
    if (!priceId) return null;
    if (priceId === this.#deps.config.stripe.priceMonthly) return 'monthly';
    if (priceId === this.#deps.config.stripe.priceYearly) return 'yearly';
    return null;
  }

  /** GET /stripe/prices: both plans as Stripe has them, cached for minutes; [] with billing off. */
  async prices(): Promise<PlanPrice[]> {
    if (!this.#deps.stripe) return [];
    const now = Date.now();
    if (!this.#prices || now - this.#prices.at > PRICE_CACHE_MS) {
      const value = this.#loadPrices(this.#deps.stripe);
      this.#prices = { at: now, value };
      // A failed read is not cached: the next call asks again.
      value.catch(() => {
        if (this.#prices?.value === value) this.#prices = undefined;
      });
    }
    return this.#prices.value;
  }

  async #loadPrices(stripe: Stripe): Promise<PlanPrice[]> {
    const out: PlanPrice[] = [];
    for (const plan of ['monthly', 'yearly'] as const) {
      const price = await stripe.prices.retrieve(this.#priceId(plan));
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

  /**
   * After a sign-up has committed: the customer and its 7-day trial. A Stripe outage loses nothing: the
   * user is in the trial by the server's own rule (entitlement.ts) and the next billing call creates both.
   */
  async afterRegister(userId: number): Promise<void> {
    if (!this.#deps.stripe) return;
    try {
      await this.ensureCustomer(userId);
    } catch (error) {
      this.#deps.log.warn(
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
  async ensureCustomer(userId: number): Promise<{ user: UserRow; customer: string }> {
    const stripe = this.#stripe();
    const user = await findUserById(this.#deps.db, userId);
    if (!user) throw notFound();
    let customer = user.stripe_customer_id;
    if (!customer) {
      const created = await stripe.customers.create(
        { email: user.email, name: user.name, metadata: { user_id: String(user.id) } },
        { idempotencyKey: `centavo-customer-${user.id}-${digest(user.email, user.name)}` },
      );
      // Only if still unset: a concurrent call that got here first keeps its (identical, idempotent) id.
      await this.#deps.db
        .updateTable('users')
        .set({ stripe_customer_id: created.id })
        .where('id', '=', user.id)
        .where('stripe_customer_id', 'is', null)
        .execute();
      const reread = await findUserById(this.#deps.db, userId);
      customer = reread?.stripe_customer_id ?? created.id;
      user.stripe_customer_id = customer;
    }
    if (user.stripe_subscription_id === null && user.subscription_status === null) {
      await this.#startTrial(stripe, user, customer);
    }
    return { user, customer };
  }

  /** The trial: seven days from sign-up, no card; at its end without one Stripe cancels it (no false past_due). */
  async #startTrial(stripe: Stripe, user: UserRow, customer: string): Promise<void> {
    const trialEnd = Date.parse(user.created_at) + TRIAL_DAYS * DAY_MS;
    // Created late (Stripe was away at sign-up): only the days that are left; none left, no trial.
    if (trialEnd - Date.now() < 3_600_000) return;
    const late = Date.now() - Date.parse(user.created_at) > 3_600_000;
    const sub = await stripe.subscriptions.create(
      {
        customer,
        items: [{ price: this.#priceId('monthly') }],
        ...(late ? { trial_end: Math.floor(trialEnd / 1000) } : { trial_period_days: TRIAL_DAYS }),
        trial_settings: { end_behavior: { missing_payment_method: 'cancel' } },
        metadata: { user_id: String(user.id), centavo_trial: 'true' },
      },
      { idempotencyKey: `centavo-trial-${user.id}` },
    );
    await this.#writeCopy(user.id, sub, { ip: '', headers: {} }, 'registration');
  }

  /**
   * Re-reads the customer's subscriptions from Stripe and keeps the best one as the user's: whatever the
   * order events arrive in, the copy ends as Stripe holds it.
   */
  async #readBest(customer: string): Promise<Stripe.Subscription | null> {
    const list = await this.#stripe().subscriptions.list({ customer, status: 'all', limit: 20 });
    return pickSubscription(list.data);
  }

  #copyOf(
    sub: Stripe.Subscription,
    previous: Pick<UserRow, 'subscription_status' | 'past_due_since'>,
  ): SubscriptionCopy {
    const item = sub.items.data[0];
    return {
      stripe_subscription_id: sub.id,
      subscription_status: sub.status,
      subscription_plan: sub.metadata?.centavo_trial === 'true' ? null : this.#planOf(item?.price.id),
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
  async #writeCopy(
    userId: number,
    sub: Stripe.Subscription | null,
    request: LogRequest,
    reason: string,
    event?: { id: string; type: string },
  ): Promise<boolean> {
    return this.#deps.db.transaction().execute(async (trx) => {
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
      const copy = this.#copyOf(sub, current);
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
  async beforeDelete(userId: number): Promise<void> {
    const stripe = this.#deps.stripe;
    if (!stripe) return;
    const user = await findUserById(this.#deps.db, userId);
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

  /** GET /stripe/user-information. */
  async information(userId: number, withInvoices = true): Promise<UserInformation> {
    if (!this.#deps.stripe) {
      return {
        billing: false,
        plan: null,
        status: null,
        trial_end: null,
        current_period_end: null,
        cancel_at_period_end: false,
        entitled: true,
        access: 'full',
        refundable_until: null,
        invoices: [],
      };
    }
    let invoices: Stripe.Invoice[] = [];
    let user: UserRow;
    try {
      const ensured = await this.ensureCustomer(userId);
      user = ensured.user;
      if (withInvoices) {
        const list = await this.#deps.stripe.invoices.list({
          customer: ensured.customer,
          limit: INVOICES_SHOWN,
        });
        invoices = list.data;
      }
    } catch (error) {
      if (error instanceof AppError) throw error;
      // Stripe away: the server's copy still answers (billing errors never block the page).
      this.#deps.log.warn({ err: error, userId }, 'stripe: user information without Stripe');
      const row = await findUserById(this.#deps.db, userId);
      if (!row) throw notFound();
      user = row;
    }
    const fresh = (await findUserById(this.#deps.db, userId)) ?? user;
    const access = accessOf(fresh, true);
    const refundable = refundableInvoice(invoices);
    return {
      billing: true,
      plan: (fresh.subscription_plan as Plan | null) ?? null,
      status: fresh.subscription_status ?? (access === 'full' ? 'trialing' : null),
      trial_end:
        fresh.trial_end ??
        (fresh.subscription_status === null
          ? new Date(Date.parse(fresh.created_at) + TRIAL_DAYS * DAY_MS).toISOString()
          : null),
      current_period_end: fresh.current_period_end,
      cancel_at_period_end: fresh.cancel_at_period_end === 1,
      entitled: access === 'full',
      access,
      refundable_until: refundable && fresh.subscription_status !== 'canceled' ? refundable.until : null,
      invoices: invoices.map(
        (invoice): BillingInvoice => ({
          number: invoice.number,
          amount_paid: invoice.amount_paid,
          currency: invoice.currency,
          status: invoice.status,
          hosted_invoice_url: invoice.hosted_invoice_url ?? null,
          created: new Date(invoice.created * 1000).toISOString(),
        }),
      ),
    };
  }

  /** POST /billing/checkout-session: Stripe Checkout for `plan` on the user's one customer. */
  async checkoutSession(userId: number, plan: Plan, languageId: number): Promise<{ url: string }> {
    const stripe = this.#stripe();
    const { user, customer } = await this.#ensureOrUnavailable(userId);
    const appUrl = this.#deps.config.appUrl;
    // A user still in the trial keeps its remaining days (when Checkout accepts them: 48 h or more).
    const trialEnd =
      user.subscription_status === 'trialing' && user.trial_end !== null ? Date.parse(user.trial_end) : null;
    const keepTrial = trialEnd !== null && trialEnd - Date.now() >= CHECKOUT_MIN_TRIAL_MS;
    try {
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'subscription',
          customer,
          line_items: [{ price: this.#priceId(plan), quantity: 1 }],
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
      throw this.#unavailable(error);
    }
  }

  /**
   * The success page: the session is read from Stripe at once (not waiting for the webhook) and, when
   * complete, its subscription becomes the user's and the registration trial is cancelled.
   */
  async confirmCheckout(userId: number, sessionId: string, request: LogRequest): Promise<ConfirmCheckout> {
    const stripe = this.#stripe();
    const { customer } = await this.#ensureOrUnavailable(userId);
    let session: Stripe.Checkout.Session;
    try {
      session = await stripe.checkout.sessions.retrieve(sessionId);
    } catch (error) {
      if (isMissing(error)) throw notFound('resourceNotFound', 'session_id');
      throw this.#unavailable(error);
    }
    // Another user's session is as unknown as a missing one.
    if (customerId(session.customer) !== customer) throw notFound('resourceNotFound', 'session_id');
    const confirmed =
      session.status === 'complete' &&
      (session.payment_status === 'paid' || session.payment_status === 'no_payment_required');
    if (confirmed) await this.#completeCheckout(customer, session, request, userId);
    const plan = session.metadata?.plan;
    const thankYou =
      plan === 'yearly'
        ? this.#deps.config.checkoutThankYouUrlYearly
        : plan === 'monthly'
          ? this.#deps.config.checkoutThankYouUrlMonthly
          : undefined;
    return {
      confirmed,
      thank_you_url: (confirmed && thankYou) || null,
      information: await this.information(userId),
    };
  }

  async #completeCheckout(
    customer: string,
    session: Stripe.Checkout.Session,
    request: LogRequest,
    userId: number,
    event?: { id: string; type: string },
  ): Promise<boolean> {
    const stripe = this.#stripe();
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
    return this.#writeCopy(userId, await this.#readBest(customer), request, 'checkout', event);
  }

  /** POST /billing/portal-session: Stripe's customer portal with the instance's one configuration. */
  async portalSession(userId: number, languageId: number): Promise<{ url: string }> {
    const stripe = this.#stripe();
    const { customer } = await this.#ensureOrUnavailable(userId);
    try {
      const configuration = await this.#portalConfiguration(stripe);
      const session = await stripe.billingPortal.sessions.create({
        customer,
        configuration,
        return_url: `${this.#deps.config.appUrl}/configs/my-plan`,
        locale: localeOf(languageId) === 'br' ? 'pt-BR' : 'en',
      });
      return { url: session.url };
    } catch (error) {
      throw this.#unavailable(error);
    }
  }

  /** Created once and its id kept (billing_settings): customer update, invoices, card, cancel, switch, pause. */
  async #portalConfiguration(stripe: Stripe): Promise<string> {
    const db = this.#deps.db;
    const kept = await db
      .selectFrom('billing_settings')
      .select('value')
      .where('key', '=', 'portal_configuration')
      .executeTakeFirst();
    if (kept) return kept.value;
    const monthly = await stripe.prices.retrieve(this.#priceId('monthly'));
    const product = typeof monthly.product === 'string' ? monthly.product : monthly.product.id;
    const configuration = await stripe.billingPortal.configurations.create(
      {
        business_profile: { headline: this.#deps.config.appName },
        default_return_url: `${this.#deps.config.appUrl}/configs/my-plan`,
        features: {
          customer_update: { enabled: true, allowed_updates: ['email', 'name'] },
          invoice_history: { enabled: true },
          payment_method_update: { enabled: true },
          subscription_cancel: { enabled: true, mode: 'at_period_end' },
          subscription_pause: { enabled: true },
          subscription_update: {
            enabled: true,
            default_allowed_updates: ['price'],
            products: [{ product, prices: [this.#priceId('monthly'), this.#priceId('yearly')] }],
            proration_behavior: 'create_prorations',
          },
        },
      },
      { idempotencyKey: `centavo-portal-configuration-${digest(this.#deps.config.appUrl, product)}` },
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

  /**
   * POST /billing/refund: within seven days of the first paid charge, the subscription ends at once and
   * that charge is refunded (Brazil's right of withdrawal).
   */
  async refund(userId: number, request: LogRequest): Promise<UserInformation> {
    const stripe = this.#stripe();
    const { customer } = await this.#ensureOrUnavailable(userId);
    let invoices: Stripe.Invoice[];
    try {
      invoices = (await stripe.invoices.list({ customer, status: 'paid', limit: 100 })).data;
    } catch (error) {
      throw this.#unavailable(error);
    }
    const refundable = refundableInvoice(invoices);
    const user = await findUserById(this.#deps.db, userId);
    if (!refundable || !user || user.subscription_status === 'canceled') {
      throw validationError({ refund: 'refundNotEligible' }, 'refundNotEligible');
    }
    try {
      const payments = await stripe.invoicePayments.list({ invoice: refundable.invoice.id, limit: 10 });
      const intent = payments.data.find((p) => p.status === 'paid')?.payment.payment_intent;
      const paymentIntent = typeof intent === 'string' ? intent : intent?.id;
      if (!paymentIntent) throw validationError({ refund: 'refundNotEligible' }, 'refundNotEligible');
      const subscription = refundable.invoice.parent?.subscription_details?.subscription;
      const subscriptionId = typeof subscription === 'string' ? subscription : subscription?.id;
      if (subscriptionId) {
        await stripe.subscriptions.cancel(subscriptionId).catch((error: unknown) => {
          if (!isMissing(error)) throw error;
        });
      }
      await stripe.refunds.create(
        {
          payment_intent: paymentIntent,
          reason: 'requested_by_customer',
          metadata: { user_id: String(userId) },
        },
        { idempotencyKey: `centavo-refund-${refundable.invoice.id}` },
      );
      await this.#writeCopy(userId, await this.#readBest(customer), request, 'refund');
    } catch (error) {
      throw this.#unavailable(error);
    }
    return this.information(userId);
  }

  /**
   * POST /stripe/webhook. The signature is checked on the raw body; the event's subscription state is
   * re-read from Stripe; the event id is recorded in the transaction of its effect, so a replay or a
   * concurrent duplicate changes nothing and sends no second e-mail.
   */
  async webhook(rawBody: Buffer, signature: string | undefined, request: LogRequest): Promise<void> {
    const stripe = this.#stripe();
    const secret = this.#deps.config.stripe.webhookSecret;
    if (!secret) throw notFound('billingDisabled');
    let event: Stripe.Event;
    try {
      event = stripe.webhooks.constructEvent(rawBody, signature ?? '', secret, WEBHOOK_TOLERANCE_SECONDS);
    } catch {
      throw new AppError(400, 'VALIDATION_ERROR', 'webhookSignatureInvalid');
    }
    const seen = await this.#deps.db
      .selectFrom('stripe_events')
      .select('id')
      .where('id', '=', event.id)
      .executeTakeFirst();
    if (seen) return;
    const ref = { id: event.id, type: event.type };
    if (!HANDLED_EVENTS.has(event.type)) {
      this.#deps.log.info({ type: event.type, id: event.id }, 'stripe: webhook event not handled');
      await this.#writeCopy(0, null, request, event.type, ref);
      return;
    }
    const object = event.data.object as { customer?: string | { id: string } | null };
    const customer = customerId(object.customer);
    const user = customer
      ? await this.#deps.db
          .selectFrom('users')
          .select(['id', 'name', 'email', 'language_id'])
          .where('stripe_customer_id', '=', customer)
          .executeTakeFirst()
      : undefined;
    if (!customer || !user) {
      this.#deps.log.info({ type: event.type, id: event.id }, 'stripe: webhook for no known customer');
      await this.#writeCopy(0, null, request, event.type, ref);
      return;
    }
    let first: boolean;
    if (event.type === 'checkout.session.completed') {
      const session = await stripe.checkout.sessions.retrieve((event.data.object as { id: string }).id);
      first = await this.#completeCheckout(customer, session, request, user.id, ref);
    } else {
      first = await this.#writeCopy(user.id, await this.#readBest(customer), request, event.type, ref);
    }
    const mail = MAIL_EVENTS[event.type];
    if (first && mail) {
      this.#deps.outbox.enqueue(
        composeMail({
          kind: mail,
          namespace: 'billing',
          locale: localeOf(user.language_id),
          appName: this.#deps.config.appName,
          to: user.email,
          name: user.name,
          link: `${this.#deps.config.appUrl}/configs/my-plan`,
        }),
      );
    }
  }

  async #ensureOrUnavailable(userId: number): Promise<{ user: UserRow; customer: string }> {
    try {
      return await this.ensureCustomer(userId);
    } catch (error) {
      throw this.#unavailable(error);
    }
  }

  #unavailable(error: unknown): unknown {
    if (error instanceof AppError) return error;
    this.#deps.log.error({ err: error }, 'stripe: call failed');
    return serviceUnavailable(error);
  }
}

function intervalOf(interval: string | undefined, plan: Plan): PlanPrice['interval'] {
  return interval === 'day' || interval === 'week' || interval === 'month' || interval === 'year'
    ? interval
    : plan === 'monthly'
      ? 'month'
      : 'year';
}

/** The first paid charge, when it is the only one and less than seven days old. */
function refundableInvoice(invoices: Stripe.Invoice[]): { invoice: Stripe.Invoice; until: string } | null {
  const paid = invoices
    .filter((invoice) => invoice.status === 'paid' && invoice.amount_paid > 0)
    .sort(
      (a, b) => (a.status_transitions.paid_at ?? a.created) - (b.status_transitions.paid_at ?? b.created),
    );
  const first = paid[0];
  if (!first || paid.length > 1) return null;
  const until = (first.status_transitions.paid_at ?? first.created) * 1000 + REFUND_WINDOW_DAYS * DAY_MS;
  return until > Date.now() ? { invoice: first, until: new Date(until).toISOString() } : null;
}
