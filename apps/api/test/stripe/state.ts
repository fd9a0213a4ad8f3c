/**
 * What the Stripe test server holds, and how Stripe changes it (shapes in resources.ts). Changes
 * that Stripe reports by webhook append an event to `events`; the test helpers (complete a
 * checkout, end a trial, fail an invoice…) return the events of their step so a test can sign and
 * deliver them in any order.
 */
import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import { badRequest, noSuch } from './params.ts';
import {
  addInterval,
  applyMetadata,
  CHECKOUT_MIN_TRIAL_SECONDS,
  type Charge,
  type CheckoutSession,
  type Customer,
  type CustomerFields,
  DAY,
  type Invoice,
  type InvoicePayment,
  type List,
  type MetadataChange,
  type NewCheckoutSession,
  type NewRefund,
  type NewSubscription,
  newId,
  type Page,
  type PaymentIntent,
  type PortalConfiguration,
  type PortalSession,
  PRICES,
  PRODUCT_ID,
  type Price,
  type Product,
  type Refund,
  type StripeEvent,
  type Subscription,
  type SubscriptionChanges,
  unixNow,
} from './resources.ts';

/** The top-level fields that differ, with their old values: an event's `previous_attributes`. */
function previousAttributes(before: object, after: object): Record<string, unknown> {
  const old = new Map<string, unknown>(Object.entries(before));
  const changed: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(after)) {
    if (JSON.stringify(old.get(key)) !== JSON.stringify(value)) changed[key] = old.get(key) ?? null;
  }
  return changed;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function stringId(value: string | { id: string } | null): string | null {
  return typeof value === 'string' || value === null ? value : value.id;
}

export class StripeState {
  /** Where this server answers; the URLs of checkout sessions, portal sessions and invoices start with it. */
  baseUrl: string;
  readonly products = new Map<string, Product>();
  readonly prices = new Map<string, Price>();
  readonly customers = new Map<string, Customer>();
  readonly subscriptions = new Map<string, Subscription>();
  readonly invoices = new Map<string, Invoice>();
  readonly invoicePayments = new Map<string, InvoicePayment>();
  readonly paymentIntents = new Map<string, PaymentIntent>();
  readonly charges = new Map<string, Charge>();
  readonly refunds = new Map<string, Refund>();
  readonly checkoutSessions = new Map<string, CheckoutSession>();
  readonly portalConfigurations = new Map<string, PortalConfiguration>();
  readonly portalSessions = new Map<string, PortalSession>();
  readonly events: StripeEvent[] = [];
  // What a checkout session will subscribe to: kept apart so the session's JSON is only Stripe's fields.
  readonly #orders = new Map<
    string,
    { price: Price; quantity: number; trialEnd: number | null; metadata: MetadataChange | undefined }
  >();
  // Stripe keeps answering a deleted customer's id with `{id, object, deleted: true}`.
  readonly #deletedCustomers = new Set<string>();

  constructor(baseUrl: string) {
    this.baseUrl = baseUrl;
    this.reset();
  }

  /** Forgets everything but the seeded product and prices. */
  reset(): void {
    for (const store of this.#stores()) store.clear();
    this.events.length = 0;
    this.#orders.clear();
    this.#deletedCustomers.clear();
    const created = unixNow();
    this.products.set(PRODUCT_ID, {
      id: PRODUCT_ID,
      object: 'product',
      active: true,
      created,
      description: null,
      livemode: false,
      metadata: {},
      name: 'Centavo',
      updated: created,
    });
    for (const plan of Object.values(PRICES)) {
      this.prices.set(plan.id, {
        id: plan.id,
        object: 'price',
        active: true,
        billing_scheme: 'per_unit',
        created,
        currency: 'brl',
        livemode: false,
        lookup_key: plan.lookupKey,
        metadata: {},
        nickname: null,
        product: PRODUCT_ID,
        recurring: {
          interval: plan.interval,
          interval_count: 1,
          meter: null,
          trial_period_days: null,
          usage_type: 'licensed',
        },
        tax_behavior: 'unspecified',
        type: 'recurring',
        unit_amount: plan.amount,
      });
    }
  }

  #stores(): Map<string, { id: string }>[] {
    return [
      this.products,
      this.prices,
      this.customers,
      this.subscriptions,
      this.invoices,
      this.invoicePayments,
      this.paymentIntents,
      this.charges,
      this.refunds,
      this.checkoutSessions,
      this.portalConfigurations,
      this.portalSessions,
    ];
  }

  /** Any stored object by id (what `expand` resolves ids with). */
  find(id: string): object | undefined {
    for (const store of this.#stores()) {
      const found = store.get(id);
      if (found) return found;
    }
    return this.events.find((event) => event.id === id);
  }

  #get<T>(store: Map<string, T>, kind: string, id: string, param = 'id'): T {
    const found = store.get(id);
    if (!found) throw noSuch(kind, id, param);
    return found;
  }

  emit(type: Stripe.Event.Type, object: object, previous?: Record<string, unknown>): StripeEvent {
    const event: StripeEvent = {
      id: newId('evt'),
      object: 'event',
      api_version: Stripe.API_VERSION,
      created: unixNow(),
      data: previous
        ? { object: structuredClone(object), previous_attributes: previous }
        : { object: structuredClone(object) },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    };
    this.events.push(event);
    return event;
  }

  /** An event for a stored object as it is now, e.g. `customer.subscription.trial_will_end`. */
  eventFor(type: Stripe.Event.Type, id: string): StripeEvent {
    const object = this.find(id);
    if (!object) throw noSuch('object', id);
    return this.emit(type, object);
  }

  /** The events emitted while `step` runs, e.g. `eventsOf(() => state.cancelSubscription(id))`. */
  eventsOf(step: () => void): StripeEvent[] {
    const from = this.events.length;
    step();
    return this.events.slice(from);
  }

  // ——— Rendering: copies, `expand[]` and lists ———

  /**
   * A deep copy with each `expand` path resolved: ids become their objects (intermediate ids too, as
   * Stripe does), `data.` walks a list, and includable fields (`customer.subscriptions`,
   * `invoice.payments`) are filled. Anything else answers Stripe's 400. Paths are checked against
   * the objects at hand, not a schema: on an empty list any path passes, where Stripe would refuse.
   */
  render(value: object, expand: readonly string[]): unknown {
    const copy: unknown = structuredClone(value);
    for (const path of expand) this.#expand(copy, path.split('.'), path);
    return copy;
  }

  #expand(target: unknown, path: string[], full: string): void {
    if (Array.isArray(target)) {
      for (const item of target) this.#expand(item, path, full);
      return;
    }
    const [head, ...rest] = path;
    if (head === undefined || !isRecord(target)) return;
    const own = Object.hasOwn(target, head);
    let child = own ? target[head] : this.#includable(target, head);
    if (typeof child === 'string') child = this.find(child);
    else if (own && rest.length === 0 && child !== null) child = undefined;
    if (child === undefined) {
      throw badRequest(`This property cannot be expanded (${full}).`, 'expand', 'parameter_invalid');
    }
    target[head] = structuredClone(child);
    if (rest.length > 0) this.#expand(target[head], rest, full);
  }

  #includable(target: Record<string, unknown>, field: string): unknown {
    const id = target.id;
    if (typeof id !== 'string') return undefined;
    if (target.object === 'customer' && field === 'subscriptions') {
      return this.list(this.listSubscriptions({ customer: id }), `/v1/customers/${id}/subscriptions`, {});
    }
    if (target.object === 'invoice' && field === 'payments') {
      return this.list(this.listInvoicePayments(id), `/v1/invoices/${id}/payments`, {});
    }
    return undefined;
  }

  /** Newest first, `limit` (1–100, default 10) and `starting_after`, like every Stripe list. */
  list<T extends { id: string }>(items: T[], url: string, page: Page): List<T> {
    const limit = page.limit ?? 10;
    if (limit < 1 || limit > 100) throw badRequest('Invalid limit: must be between 1 and 100', 'limit');
    let newest = [...items].reverse();
    if (page.startingAfter !== undefined) {
      const at = newest.findIndex((item) => item.id === page.startingAfter);
      if (at === -1) throw noSuch('object', page.startingAfter, 'starting_after');
      newest = newest.slice(at + 1);
    }
    return { object: 'list', data: newest.slice(0, limit), has_more: newest.length > limit, url };
  }

  // ——— Products and prices ———

  product(id: string): Product {
    return this.#get(this.products, 'product', id);
  }

  price(id: string, param = 'id'): Price {
    return this.#get(this.prices, 'price', id, param);
  }

  listPrices(filter: {
    lookupKeys?: string[];
    active?: boolean;
    product?: string;
    currency?: string;
  }): Price[] {
    return [...this.prices.values()].filter(
      (price) =>
        (filter.lookupKeys === undefined || filter.lookupKeys.includes(price.lookup_key ?? '')) &&
        (filter.active === undefined || price.active === filter.active) &&
        (filter.product === undefined || price.product === filter.product) &&
        (filter.currency === undefined || price.currency === filter.currency),
    );
  }

  // ——— Customers ———

  createCustomer(fields: CustomerFields): Customer {
    const customer: Customer = {
      id: newId('cus'),
      object: 'customer',
      balance: 0,
      created: unixNow(),
      currency: null,
      default_source: null,
      delinquent: false,
      description: fields.description ?? null,
      email: fields.email ?? null,
      invoice_prefix: randomBytes(4).toString('hex').toUpperCase(),
      invoice_settings: {
        custom_fields: null,
        default_payment_method: fields.defaultPaymentMethod ?? null,
        footer: null,
        rendering_options: null,
      },
      livemode: false,
      metadata: applyMetadata({}, fields.metadata),
      name: fields.name ?? null,
      next_invoice_sequence: 1,
      phone: fields.phone ?? null,
      preferred_locales: fields.preferredLocales ?? [],
      shipping: null,
      tax_exempt: 'none',
    };
    this.customers.set(customer.id, customer);
    this.emit('customer.created', customer);
    return customer;
  }

  /** A customer that still exists: writes to a deleted one answer "No such customer", as Stripe does. */
  customer(id: string, param = 'id'): Customer {
    return this.#get(this.customers, 'customer', id, param);
  }

  retrieveCustomer(id: string): Customer | { id: string; object: 'customer'; deleted: true } {
    if (this.#deletedCustomers.has(id)) return { id, object: 'customer', deleted: true };
    return this.customer(id);
  }

  updateCustomer(id: string, fields: CustomerFields): Customer {
    const customer = this.customer(id);
    const before = structuredClone(customer);
    if (fields.email !== undefined) customer.email = fields.email;
    if (fields.name !== undefined) customer.name = fields.name;
    if (fields.description !== undefined) customer.description = fields.description;
    if (fields.phone !== undefined) customer.phone = fields.phone;
    if (fields.preferredLocales !== undefined) customer.preferred_locales = fields.preferredLocales;
    if (fields.defaultPaymentMethod !== undefined) {
      customer.invoice_settings.default_payment_method = fields.defaultPaymentMethod;
    }
    customer.metadata = applyMetadata(customer.metadata, fields.metadata);
    this.emit('customer.updated', customer, previousAttributes(before, customer));
    return customer;
  }

  /** Deleting a customer cancels its subscriptions at once, as Stripe does. */
  deleteCustomer(id: string): { id: string; object: 'customer'; deleted: true } {
    const customer = this.customer(id);
    for (const subscription of this.listSubscriptions({ customer: id }))
      this.cancelSubscription(subscription.id);
    this.customers.delete(id);
    this.#deletedCustomers.add(id);
    this.emit('customer.deleted', customer);
    return { id, object: 'customer', deleted: true };
  }

  listCustomers(filter: { email?: string }): Customer[] {
    return [...this.customers.values()].filter((c) => filter.email === undefined || c.email === filter.email);
  }

  // ——— Subscriptions ———

  subscription(id: string, param = 'id'): Subscription {
    return this.#get(this.subscriptions, 'subscription', id, param);
  }

  /**
   * Stripe's default `payment_behavior` (allow_incomplete): a trial starts `trialing` with a paid
   * zero invoice; otherwise the first invoice is charged to the default payment method, or stays
   * open with the subscription `incomplete` when there is none.
   */
  createSubscription(input: NewSubscription): Subscription {
    const customer = this.customer(input.customer, 'customer');
    if (input.items.length === 0)
      throw badRequest('Missing required param: items.', 'items', 'parameter_missing');
    const prices = input.items.map((item, i) => this.price(item.price, `items[${i}][price]`));
    const first = prices[0];
    if (
      !first ||
      prices.some((p) => p.currency !== first.currency || p.recurring?.interval !== first.recurring?.interval)
    ) {
      throw badRequest(
        'Currency and interval fields must match across all plans on this subscription.',
        'items',
      );
    }
    const now = unixNow();
    const trialEnd =
      input.trialEnd === 'now'
        ? null
        : (input.trialEnd ?? (input.trialPeriodDays ? now + input.trialPeriodDays * DAY : null));
    if (trialEnd !== null && trialEnd <= now) {
      throw badRequest('Invalid timestamp: must be an integer Unix timestamp in the future.', 'trial_end');
    }
    const id = newId('sub');
    const periodEnd = trialEnd ?? addInterval(now, first);
    const subscription: Subscription = {
      id,
      object: 'subscription',
      billing_cycle_anchor: periodEnd,
      cancel_at: input.cancelAtPeriodEnd ? periodEnd : null,
      cancel_at_period_end: input.cancelAtPeriodEnd ?? false,
      canceled_at: null,
      cancellation_details: { comment: null, feedback: null, feedback_option: null, reason: null },
      collection_method: 'charge_automatically',
      created: now,
      currency: first.currency,
      customer: customer.id,
      default_payment_method: input.defaultPaymentMethod ?? null,
      description: input.description ?? null,
      ended_at: null,
      latest_invoice: null,
      livemode: false,
      metadata: applyMetadata({}, input.metadata),
      pause_collection: null,
      start_date: now,
      status: trialEnd === null ? 'incomplete' : 'trialing',
      trial_end: trialEnd,
      trial_settings: {
        end_behavior: {
          billing_cycle_anchor: null,
          missing_payment_method: input.missingPaymentMethod ?? 'create_invoice',
        },
      },
      trial_start: trialEnd === null ? null : now,
      items: {
        object: 'list',
        data: input.items.map((item, i) => ({
          id: newId('si'),
          object: 'subscription_item',
          created: now,
          current_period_end: periodEnd,
          current_period_start: now,
          discounts: [],
          metadata: {},
          quantity: item.quantity ?? 1,
          subscription: id,
          tax_rates: [],
          price: structuredClone(prices[i] ?? first),
        })),
        has_more: false,
        url: `/v1/subscription_items?subscription=${id}`,
      },
    };
    this.subscriptions.set(id, subscription);
    const invoice = this.#invoice(
      subscription,
      'subscription_create',
      trialEnd === null ? this.#amount(subscription) : 0,
    );
    const paymentMethod = this.#paymentMethod(subscription);
    const paid = invoice.amount_due === 0 || paymentMethod !== null;
    if (paid) this.#pay(invoice, paymentMethod);
    if (trialEnd === null && paid) subscription.status = 'active';
    this.emit('customer.subscription.created', subscription);
    if (paid) this.emit('invoice.paid', invoice);
    return subscription;
  }

  updateSubscription(id: string, changes: SubscriptionChanges): Subscription {
    const subscription = this.subscription(id);
    const before = structuredClone(subscription);
    if (subscription.status === 'canceled') {
      const allowed = new Set(['metadata', 'cancellationComment']);
      if (Object.keys(changes).some((key) => !allowed.has(key))) {
        throw badRequest('A canceled subscription can only update its cancellation_details and metadata.');
      }
    }
    subscription.metadata = applyMetadata(subscription.metadata, changes.metadata);
    if (changes.cancellationComment !== undefined && subscription.cancellation_details) {
      subscription.cancellation_details.comment = changes.cancellationComment;
    }
    if (changes.description !== undefined) subscription.description = changes.description;
    if (changes.defaultPaymentMethod !== undefined)
      subscription.default_payment_method = changes.defaultPaymentMethod;
    for (const [i, change] of (changes.items ?? []).entries()) this.#changeItem(subscription, change, i);
    if (changes.pauseCollection !== undefined) {
      subscription.pause_collection = changes.pauseCollection && {
        behavior: changes.pauseCollection.behavior,
        resumes_at: changes.pauseCollection.resumesAt,
      };
    }
    if (changes.cancelAtPeriodEnd !== undefined) {
      subscription.cancel_at_period_end = changes.cancelAtPeriodEnd;
      subscription.cancel_at = changes.cancelAtPeriodEnd ? this.#periodEnd(subscription) : null;
    }
    if (changes.trialEnd === 'now' && subscription.status === 'trialing') {
      this.#endTrial(subscription, before);
      return subscription;
    }
    if (typeof changes.trialEnd === 'number') {
      subscription.trial_end = changes.trialEnd;
      subscription.trial_start ??= unixNow();
      subscription.status = 'trialing';
      for (const item of subscription.items.data) item.current_period_end = changes.trialEnd;
    }
    this.emit('customer.subscription.updated', subscription, previousAttributes(before, subscription));
    return subscription;
  }

  #changeItem(
    subscription: Subscription,
    change: NonNullable<SubscriptionChanges['items']>[number],
    i: number,
  ): void {
    const items = subscription.items.data;
    if (change.id === undefined) {
      const price = this.price(change.price ?? '', `items[${i}][price]`);
      const template = items[0];
      items.push({
        id: newId('si'),
        object: 'subscription_item',
        created: unixNow(),
        current_period_end: template?.current_period_end ?? addInterval(unixNow(), price),
        current_period_start: template?.current_period_start ?? unixNow(),
        discounts: [],
        metadata: {},
        quantity: change.quantity ?? 1,
        subscription: subscription.id,
        tax_rates: [],
        price: structuredClone(price),
      });
      return;
    }
    const item = items.find((candidate) => candidate.id === change.id);
    if (!item) throw noSuch('subscription item', change.id, `items[${i}][id]`);
    if (change.deleted) items.splice(items.indexOf(item), 1);
    if (change.price !== undefined)
      item.price = structuredClone(this.price(change.price, `items[${i}][price]`));
    if (change.quantity !== undefined) item.quantity = change.quantity;
  }

  /** Cancelling a cancelled subscription answers 404 "No such subscription", as Stripe does. */
  cancelSubscription(id: string, comment?: string): Subscription {
    const subscription = this.subscription(id);
    if (subscription.status === 'canceled') throw noSuch('subscription', id);
    const now = unixNow();
    Object.assign(subscription, {
      status: 'canceled',
      canceled_at: now,
      ended_at: now,
      cancellation_details: {
        comment: comment ?? null,
        feedback: null,
        feedback_option: null,
        reason: 'cancellation_requested',
      },
    } satisfies Partial<Subscription>);
    this.emit('customer.subscription.deleted', subscription);
    return subscription;
  }

  /** Without `status`, Stripe lists every subscription that is not cancelled. */
  listSubscriptions(filter: { customer?: string; status?: string; price?: string }): Subscription[] {
    return [...this.subscriptions.values()].filter(
      (s) =>
        (filter.customer === undefined || s.customer === filter.customer) &&
        (filter.price === undefined || s.items.data.some((item) => item.price.id === filter.price)) &&
        (filter.status === undefined
          ? s.status !== 'canceled' && s.status !== 'incomplete_expired'
          : filter.status === 'all' ||
            s.status === filter.status ||
            (filter.status === 'ended' && (s.status === 'canceled' || s.status === 'incomplete_expired'))),
    );
  }

  #periodEnd(subscription: Subscription): number {
    return subscription.items.data[0]?.current_period_end ?? unixNow();
  }

  #amount(subscription: Subscription): number {
    return subscription.items.data.reduce(
      (sum, item) => sum + (item.price.unit_amount ?? 0) * (item.quantity ?? 1),
      0,
    );
  }

  #paymentMethod(subscription: Subscription): string | null {
    const own = stringId(subscription.default_payment_method);
    if (own) return own;
    const customer = this.customers.get(stringId(subscription.customer) ?? '');
    return customer ? stringId(customer.invoice_settings.default_payment_method) : null;
  }

  #startPeriod(subscription: Subscription, start: number): void {
    for (const item of subscription.items.data) {
      item.current_period_start = start;
      item.current_period_end = addInterval(start, item.price);
    }
    subscription.billing_cycle_anchor = start;
    if (subscription.cancel_at_period_end) subscription.cancel_at = this.#periodEnd(subscription);
  }

  /**
   * The trial ends now. With a payment method the first period is charged and the subscription is
   * active; without one, `trial_settings.end_behavior.missing_payment_method` decides: cancel,
   * pause, or (Stripe's default) an open invoice that cannot be paid, so `past_due`.
   */
  #endTrial(subscription: Subscription, before: Subscription): void {
    const now = unixNow();
    subscription.trial_end = now;
    this.#startPeriod(subscription, now);
    const paymentMethod = this.#paymentMethod(subscription);
    const behavior = subscription.trial_settings?.end_behavior.missing_payment_method;
    if (paymentMethod === null && behavior === 'cancel') {
      Object.assign(subscription, {
        status: 'canceled',
        canceled_at: now,
        ended_at: now,
        cancellation_details: {
          comment: null,
          feedback: null,
          feedback_option: null,
          reason: 'cancellation_requested',
        },
      } satisfies Partial<Subscription>);
      this.emit('customer.subscription.deleted', subscription, previousAttributes(before, subscription));
      return;
    }
    if (paymentMethod === null && behavior === 'pause') {
      subscription.status = 'paused';
      this.emit('customer.subscription.updated', subscription, previousAttributes(before, subscription));
      this.emit('customer.subscription.paused', subscription);
      return;
    }
    const invoice = this.#invoice(subscription, 'subscription_cycle', this.#amount(subscription));
    if (paymentMethod === null) {
      this.#fail(invoice);
      subscription.status = 'past_due';
    } else {
      this.#pay(invoice, paymentMethod);
      subscription.status = 'active';
    }
    this.emit('customer.subscription.updated', subscription, previousAttributes(before, subscription));
    this.emit(paymentMethod === null ? 'invoice.payment_failed' : 'invoice.paid', invoice);
  }

  // ——— Invoices, payments, charges, refunds ———

  #invoice(subscription: Subscription, reason: Stripe.Invoice.BillingReason, amount: number): Invoice {
    const customer = this.customer(stringId(subscription.customer) ?? '');
    const now = unixNow();
    const id = newId('in');
    const sequence = customer.next_invoice_sequence ?? 1;
    customer.next_invoice_sequence = sequence + 1;
    const invoice: Invoice = {
      id,
      object: 'invoice',
      amount_due: amount,
      amount_paid: 0,
      amount_remaining: amount,
      attempt_count: 0,
      attempted: false,
      billing_reason: reason,
      collection_method: 'charge_automatically',
      created: now,
      currency: subscription.currency,
      customer: customer.id,
      customer_email: customer.email,
      customer_name: customer.name ?? null,
      description: null,
      hosted_invoice_url: `${this.baseUrl}/invoice/${id}`,
      invoice_pdf: null,
      livemode: false,
      metadata: {},
      next_payment_attempt: null,
      number: `${customer.invoice_prefix}-${String(sequence).padStart(4, '0')}`,
      parent: {
        quote_details: null,
        subscription_details: { metadata: { ...subscription.metadata }, subscription: subscription.id },
        type: 'subscription_details',
      },
      period_end: now,
      period_start: now,
      status: 'open',
      status_transitions: {
        finalized_at: now,
        marked_uncollectible_at: null,
        paid_at: null,
        voided_at: null,
      },
      subtotal: amount,
      total: amount,
    };
    this.invoices.set(id, invoice);
    subscription.latest_invoice = id;
    return invoice;
  }

  /** A zero invoice is marked paid without a charge; otherwise a payment intent and its charge pay it. */
  #pay(invoice: Invoice, paymentMethod: string | null): void {
    const now = unixNow();
    const amount = invoice.amount_due;
    const customer = stringId(invoice.customer);
    if (amount > 0) {
      const intentId = newId('pi');
      const chargeId = newId('ch');
      this.paymentIntents.set(intentId, {
        id: intentId,
        object: 'payment_intent',
        amount,
        amount_received: amount,
        created: now,
        currency: invoice.currency,
        customer,
        description: 'Subscription creation',
        latest_charge: chargeId,
        livemode: false,
        metadata: {},
        payment_method: paymentMethod,
        status: 'succeeded',
      });
      this.charges.set(chargeId, {
        id: chargeId,
        object: 'charge',
        amount,
        amount_captured: amount,
        amount_refunded: 0,
        captured: true,
        created: now,
        currency: invoice.currency,
        customer,
        description: 'Subscription creation',
        disputed: false,
        failure_code: null,
        failure_message: null,
        livemode: false,
        metadata: {},
        paid: true,
        payment_intent: intentId,
        payment_method: paymentMethod,
        receipt_url: null,
        refunded: false,
        status: 'succeeded',
      });
      const paymentId = newId('inpay');
      this.invoicePayments.set(paymentId, {
        id: paymentId,
        object: 'invoice_payment',
        amount_paid: amount,
        amount_requested: amount,
        created: now,
        currency: invoice.currency,
        invoice: invoice.id,
        is_default: true,
        livemode: false,
        payment: { payment_intent: intentId, type: 'payment_intent' },
        status: 'paid',
        status_transitions: { canceled_at: null, paid_at: now },
      });
      invoice.attempt_count += 1;
    }
    Object.assign(invoice, {
      status: 'paid',
      amount_paid: amount,
      amount_remaining: 0,
      attempted: true,
      next_payment_attempt: null,
      status_transitions: { ...invoice.status_transitions, paid_at: now },
    } satisfies Partial<Invoice>);
  }

  #fail(invoice: Invoice): void {
    invoice.attempt_count += 1;
    invoice.attempted = true;
    invoice.next_payment_attempt = unixNow() + 3 * DAY;
  }

  invoice(id: string): Invoice {
    return this.#get(this.invoices, 'invoice', id);
  }

  listInvoices(filter: { customer?: string; subscription?: string; status?: string }): Invoice[] {
    return [...this.invoices.values()].filter(
      (invoice) =>
        (filter.customer === undefined || invoice.customer === filter.customer) &&
        (filter.subscription === undefined ||
          invoice.parent?.subscription_details?.subscription === filter.subscription) &&
        (filter.status === undefined || invoice.status === filter.status),
    );
  }

  listInvoicePayments(invoice?: string): InvoicePayment[] {
    return [...this.invoicePayments.values()].filter(
      (payment) => invoice === undefined || payment.invoice === invoice,
    );
  }

  paymentIntent(id: string): PaymentIntent {
    return this.#get(this.paymentIntents, 'payment_intent', id);
  }

  charge(id: string, param = 'id'): Charge {
    return this.#get(this.charges, 'charge', id, param);
  }

  listCharges(filter: { customer?: string; paymentIntent?: string }): Charge[] {
    return [...this.charges.values()].filter(
      (charge) =>
        (filter.customer === undefined || charge.customer === filter.customer) &&
        (filter.paymentIntent === undefined || charge.payment_intent === filter.paymentIntent),
    );
  }

  createRefund(input: NewRefund): Refund {
    let chargeId = input.charge;
    if (chargeId === undefined && input.paymentIntent !== undefined) {
      const intent = this.#get(this.paymentIntents, 'payment_intent', input.paymentIntent, 'payment_intent');
      chargeId = stringId(intent.latest_charge) ?? undefined;
    }
    if (chargeId === undefined) {
      throw badRequest(
        'One of the following params should be provided for this request: payment_intent or charge.',
        'charge',
        'parameter_missing',
      );
    }
    const charge = this.charge(chargeId, 'charge');
    const left = charge.amount - charge.amount_refunded;
    if (left === 0)
      throw badRequest(`Charge ${charge.id} has already been refunded.`, 'charge', 'charge_already_refunded');
    const amount = input.amount ?? left;
    if (amount <= 0 || amount > left) {
      throw badRequest(
        `Refund amount (${amount}) is greater than unrefunded amount on charge (${left})`,
        'amount',
      );
    }
    const refund: Refund = {
      id: newId('re'),
      object: 'refund',
      amount,
      charge: charge.id,
      created: unixNow(),
      currency: charge.currency,
      metadata: applyMetadata({}, input.metadata),
      payment_intent: charge.payment_intent,
      reason: input.reason ?? null,
      status: 'succeeded',
    };
    this.refunds.set(refund.id, refund);
    charge.amount_refunded += amount;
    charge.refunded = charge.amount_refunded === charge.amount;
    this.emit('refund.created', refund);
    this.emit('charge.refunded', charge);
    return refund;
  }

  refund(id: string): Refund {
    return this.#get(this.refunds, 'refund', id);
  }

  // ——— Checkout and the customer portal ———

  createCheckoutSession(input: NewCheckoutSession): CheckoutSession {
    // Only what a subscription app asks of Checkout; other modes would need payment-mode shapes.
    if (input.mode !== 'subscription')
      throw badRequest('This test server supports mode=subscription only.', 'mode');
    if (input.customer !== undefined && input.customerEmail !== undefined) {
      throw badRequest('You may only specify one of these parameters: customer, customer_email.', 'customer');
    }
    const customer = input.customer === undefined ? null : this.customer(input.customer, 'customer');
    const [line, ...more] = input.lineItems;
    if (!line || more.length > 0) throw badRequest('Provide exactly one line item.', 'line_items');
    const price = this.price(line.price, 'line_items[0][price]');
    if (price.recurring === null) {
      throw badRequest(
        'You must provide at least one recurring price in `subscription` mode when using prices.',
        'line_items',
      );
    }
    const now = unixNow();
    const trialEnd = input.trialEnd ?? (input.trialPeriodDays ? now + input.trialPeriodDays * DAY : null);
    if (trialEnd !== null && trialEnd < now + CHECKOUT_MIN_TRIAL_SECONDS) {
      throw badRequest(
        'subscription_data[trial_end] has to be at least 48 hours in the future.',
        'subscription_data[trial_end]',
      );
    }
    const id = newId('cs_test');
    const amount = (price.unit_amount ?? 0) * line.quantity;
    const session: CheckoutSession = {
      id,
      object: 'checkout.session',
      amount_subtotal: amount,
      amount_total: trialEnd === null ? amount : 0,
      cancel_url: input.cancelUrl ?? null,
      client_reference_id: input.clientReferenceId ?? null,
      created: now,
      currency: price.currency,
      customer: customer?.id ?? null,
      customer_email: input.customerEmail ?? null,
      expires_at: now + DAY,
      invoice: null,
      livemode: false,
      locale: input.locale ?? null,
      metadata: applyMetadata({}, input.metadata),
      mode: 'subscription',
      payment_status: 'unpaid',
      status: 'open',
      subscription: null,
      success_url: input.successUrl,
      url: `${this.baseUrl}/checkout/${id}`,
    };
    this.checkoutSessions.set(id, session);
    this.#orders.set(id, { price, quantity: line.quantity, trialEnd, metadata: input.subscriptionMetadata });
    return session;
  }

  checkoutSession(id: string): CheckoutSession {
    return this.#get(this.checkoutSessions, 'checkout.session', id);
  }

  /** What the session sells, for the hosted page. */
  checkoutOrder(id: string): { price: Price; quantity: number; trialEnd: number | null } | undefined {
    return this.#orders.get(id);
  }

  /**
   * The customer pays on the hosted page: Checkout creates the customer when it had only an e-mail,
   * saves the card as the subscription's default payment method and starts the subscription
   * (trialing when the session carried a trial, else active with a paid invoice and a charge).
   */
  completeCheckout(id: string): StripeEvent[] {
    const session = this.checkoutSession(id);
    const order = this.#orders.get(id);
    if (session.status !== 'open' || !order)
      throw badRequest(`Checkout session ${id} is ${session.status}, not open.`);
    return this.eventsOf(() => {
      const customer =
        stringId(session.customer) ?? this.createCustomer({ email: session.customer_email ?? null }).id;
      const subscription = this.createSubscription({
        customer,
        items: [{ price: order.price.id, quantity: order.quantity }],
        trialEnd: order.trialEnd ?? undefined,
        metadata: order.metadata,
        defaultPaymentMethod: newId('pm'),
      });
      Object.assign(session, {
        customer,
        status: 'complete',
        payment_status: subscription.status === 'trialing' ? 'no_payment_required' : 'paid',
        subscription: subscription.id,
        invoice: stringId(subscription.latest_invoice),
      } satisfies Partial<CheckoutSession>);
      this.emit('checkout.session.completed', session);
    });
  }

  createPortalConfiguration(
    input: Omit<PortalConfiguration, 'id' | 'object' | 'created' | 'updated' | 'livemode'>,
  ): PortalConfiguration {
    const now = unixNow();
    const configuration: PortalConfiguration = {
      id: newId('bpc'),
      object: 'billing_portal.configuration',
      created: now,
      updated: now,
      livemode: false,
      ...input,
    };
    this.portalConfigurations.set(configuration.id, configuration);
    return configuration;
  }

  portalConfiguration(id: string, param = 'id'): PortalConfiguration {
    return this.#get(this.portalConfigurations, 'configuration', id, param);
  }

  /** Without `configuration`, Stripe uses the dashboard's default, which an API-only account never saved. */
  createPortalSession(input: {
    customer: string;
    returnUrl?: string;
    configuration?: string;
    locale?: string;
  }): PortalSession {
    const customer = this.customer(input.customer, 'customer');
    const configuration =
      input.configuration === undefined
        ? [...this.portalConfigurations.values()].find((c) => c.is_default)
        : this.portalConfiguration(input.configuration, 'configuration');
    if (!configuration) {
      throw badRequest(
        'You can’t create a portal session in test mode until you save your customer portal settings in test mode at https://dashboard.stripe.com/test/settings/billing/portal.',
      );
    }
    const id = newId('bps');
    const session: PortalSession = {
      id,
      object: 'billing_portal.session',
      configuration: configuration.id,
      created: unixNow(),
      customer: customer.id,
      flow: null,
      livemode: false,
      locale: input.locale ?? null,
      on_behalf_of: null,
      return_url: input.returnUrl ?? configuration.default_return_url,
      url: `${this.baseUrl}/portal/${id}`,
    };
    this.portalSessions.set(id, session);
    return session;
  }

  // ——— What Stripe does on its own, for tests to trigger ———

  /** The trial runs out now (see `#endTrial` for what follows). */
  advanceTrialEnd(id: string): StripeEvent[] {
    const subscription = this.subscription(id);
    if (subscription.status !== 'trialing')
      throw badRequest(`Subscription ${id} is ${subscription.status}, not trialing.`);
    const before = structuredClone(subscription);
    return this.eventsOf(() => this.#endTrial(subscription, before));
  }

  /**
   * Puts a subscription in any status, with the event Stripe sends for it: `deleted` for canceled,
   * `paused`/`resumed` besides `updated` when it enters or leaves `paused`.
   */
  setSubscriptionStatus(id: string, status: Stripe.Subscription.Status): StripeEvent[] {
    const subscription = this.subscription(id);
    const before = structuredClone(subscription);
    return this.eventsOf(() => {
      if (status === 'canceled') {
        this.cancelSubscription(id);
        return;
      }
      subscription.status = status;
      this.emit('customer.subscription.updated', subscription, previousAttributes(before, subscription));
      if (status === 'paused') this.emit('customer.subscription.paused', subscription);
      else if (before.status === 'paused') this.emit('customer.subscription.resumed', subscription);
    });
  }

  /** A new billing period starts and its invoice is charged: paid (active) or failed (past_due). */
  renewSubscription(id: string, outcome: 'paid' | 'failed'): StripeEvent[] {
    const subscription = this.subscription(id);
    if (subscription.status !== 'active' && subscription.status !== 'past_due') {
      throw badRequest(`Subscription ${id} is ${subscription.status}; only active or past_due ones renew.`);
    }
    const before = structuredClone(subscription);
    return this.eventsOf(() => {
      this.#startPeriod(subscription, unixNow());
      const invoice = this.#invoice(subscription, 'subscription_cycle', this.#amount(subscription));
      if (outcome === 'paid') this.#pay(invoice, this.#paymentMethod(subscription) ?? newId('pm'));
      else this.#fail(invoice);
      subscription.status = outcome === 'paid' ? 'active' : 'past_due';
      this.emit('customer.subscription.updated', subscription, previousAttributes(before, subscription));
      this.emit(outcome === 'paid' ? 'invoice.paid' : 'invoice.payment_failed', invoice);
    });
  }

  /** An open invoice gets paid (the customer fixed the card); its subscription becomes active again. */
  payInvoice(id: string): StripeEvent[] {
    const invoice = this.#openInvoice(id);
    return this.eventsOf(() => {
      const subscription = this.#invoiceSubscription(invoice);
      this.#pay(invoice, (subscription && this.#paymentMethod(subscription)) ?? newId('pm'));
      this.emit('invoice.paid', invoice);
      if (subscription && ['past_due', 'incomplete', 'unpaid'].includes(subscription.status)) {
        const before = structuredClone(subscription);
        subscription.status = 'active';
        this.emit('customer.subscription.updated', subscription, previousAttributes(before, subscription));
      }
    });
  }

  /** A payment attempt on an open invoice fails; an active subscription becomes past_due. */
  failInvoice(id: string): StripeEvent[] {
    const invoice = this.#openInvoice(id);
    return this.eventsOf(() => {
      this.#fail(invoice);
      this.emit('invoice.payment_failed', invoice);
      const subscription = this.#invoiceSubscription(invoice);
      if (subscription?.status === 'active') {
        const before = structuredClone(subscription);
        subscription.status = 'past_due';
        this.emit('customer.subscription.updated', subscription, previousAttributes(before, subscription));
      }
    });
  }

  #openInvoice(id: string): Invoice {
    const invoice = this.invoice(id);
    if (invoice.status !== 'open') throw badRequest(`Invoice ${id} is ${invoice.status}, not open.`);
    return invoice;
  }

  #invoiceSubscription(invoice: Invoice): Subscription | undefined {
    const id = invoice.parent?.subscription_details?.subscription;
    return id === undefined ? undefined : this.subscriptions.get(stringId(id) ?? '');
  }

  /** Everything, for the control API and for a failing test's message. */
  snapshot(): Record<string, unknown[]> {
    return {
      customers: [...this.customers.values()],
      subscriptions: [...this.subscriptions.values()],
      invoices: [...this.invoices.values()],
      charges: [...this.charges.values()],
      refunds: [...this.refunds.values()],
      checkoutSessions: [...this.checkoutSessions.values()],
      portalConfigurations: [...this.portalConfigurations.values()],
      portalSessions: [...this.portalSessions.values()],
      prices: [...this.prices.values()],
    };
  }
}
