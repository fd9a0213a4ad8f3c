/**
 * Stripe's v1 routes that a subscription app calls: each reads its parameters (rejecting unknown
 * ones, as Stripe does) and calls the state. The server renders what a route returns with the
 * request's `expand[]`.
 */
import type Stripe from 'stripe';
import { badRequest, noSuch, type Params, StripeApiError } from './params.ts';
import {
  applyMetadata,
  type CustomerFields,
  type MissingPaymentMethod,
  type SubscriptionChanges,
} from './resources.ts';
import type { StripeState } from './state.ts';

type Handler = (state: StripeState, params: Params, id: string) => object;
interface Route {
  method: 'GET' | 'POST' | 'DELETE';
  pattern: RegExp;
  handle: Handler;
}

const LIST = ['limit', 'starting_after', 'ending_before'];

function route(method: Route['method'], path: string, handle: Handler): Route {
  return { method, pattern: new RegExp(`^${path.replace(':id', '([^/]+)')}$`), handle };
}

function page(p: Params): { limit?: number; startingAfter?: string } {
  return { limit: p.integer('limit'), startingAfter: p.string('starting_after') };
}

/** `key=` unsets a field (null); absent leaves it as it is (undefined). */
function nullable(p: Params, key: string): string | null | undefined {
  return p.isEmpty(key) ? null : p.string(key);
}

function customerFields(p: Params): CustomerFields {
  p.only('email', 'name', 'description', 'phone', 'metadata', 'preferred_locales', 'invoice_settings');
  const invoiceSettings = p.object('invoice_settings')?.only('default_payment_method');
  return {
    email: nullable(p, 'email'),
    name: nullable(p, 'name'),
    description: nullable(p, 'description'),
    phone: nullable(p, 'phone'),
    metadata: p.metadata(),
    preferredLocales: p.strings('preferred_locales'),
    defaultPaymentMethod: invoiceSettings && nullable(invoiceSettings, 'default_payment_method'),
  };
}

function trialEnd(p: Params): number | 'now' | undefined {
  return p.string('trial_end') === 'now' ? 'now' : p.integer('trial_end');
}

const MISSING_PAYMENT_METHOD: readonly MissingPaymentMethod[] = ['cancel', 'create_invoice', 'pause'];

function createSubscription(state: StripeState, p: Params): object {
  p.only(
    'customer',
    'items',
    'trial_period_days',
    'trial_end',
    'trial_settings',
    'metadata',
    'default_payment_method',
    'description',
    'cancel_at_period_end',
    'payment_behavior',
    'collection_method',
  );
  const endBehavior = p.object('trial_settings')?.only('end_behavior').object('end_behavior');
  return state.createSubscription({
    customer: p.required('customer'),
    items: (p.objects('items') ?? []).map((item) => ({
      price: item.only('price', 'quantity', 'metadata').required('price'),
      quantity: item.integer('quantity'),
    })),
    trialEnd: trialEnd(p),
    trialPeriodDays: p.integer('trial_period_days'),
    missingPaymentMethod: endBehavior
      ?.only('missing_payment_method')
      .oneOf('missing_payment_method', MISSING_PAYMENT_METHOD),
    metadata: p.metadata(),
    defaultPaymentMethod: p.string('default_payment_method'),
    description: p.string('description'),
    cancelAtPeriodEnd: p.boolean('cancel_at_period_end'),
  });
}

function updateSubscription(state: StripeState, p: Params, id: string): object {
  p.only(
    'cancel_at_period_end',
    'items',
    'pause_collection',
    'metadata',
    'trial_end',
    'default_payment_method',
    'description',
    'cancellation_details',
    'proration_behavior',
    'payment_behavior',
  );
  const changes: SubscriptionChanges = {};
  // Only what was sent: a canceled subscription refuses every field but metadata and cancellation_details.
  if (p.has('cancel_at_period_end')) changes.cancelAtPeriodEnd = p.boolean('cancel_at_period_end');
  if (p.has('metadata')) changes.metadata = p.metadata();
  if (p.has('trial_end')) changes.trialEnd = trialEnd(p);
  if (p.has('description')) changes.description = nullable(p, 'description');
  if (p.has('default_payment_method')) changes.defaultPaymentMethod = nullable(p, 'default_payment_method');
  if (p.has('cancellation_details')) {
    changes.cancellationComment = p
      .object('cancellation_details')
      ?.only('comment', 'feedback')
      .string('comment');
  }
  if (p.has('items')) {
    changes.items = (p.objects('items') ?? []).map((item) => ({
      id: item.only('id', 'price', 'quantity', 'deleted', 'metadata').string('id'),
      price: item.string('price'),
      quantity: item.integer('quantity'),
      deleted: item.boolean('deleted'),
    }));
  }
  if (p.has('pause_collection')) {
    const pause = p.object('pause_collection')?.only('behavior', 'resumes_at');
    changes.pauseCollection = pause
      ? {
          behavior: pause.oneOf('behavior', ['keep_as_draft', 'mark_uncollectible', 'void']) ?? 'void',
          resumesAt: pause.integer('resumes_at') ?? null,
        }
      : null;
  }
  return state.updateSubscription(id, changes);
}

function createCheckoutSession(state: StripeState, p: Params): object {
  p.only(
    'mode',
    'customer',
    'customer_email',
    'line_items',
    'success_url',
    'cancel_url',
    'subscription_data',
    'metadata',
    'client_reference_id',
    'locale',
    'allow_promotion_codes',
    'payment_method_types',
    'billing_address_collection',
  );
  const data = p
    .object('subscription_data')
    ?.only('trial_end', 'trial_period_days', 'metadata', 'description');
  return state.createCheckoutSession({
    mode: p.required('mode'),
    customer: p.string('customer'),
    customerEmail: p.string('customer_email'),
    lineItems: (p.objects('line_items') ?? []).map((item) => ({
      price: item.only('price', 'quantity').required('price'),
      quantity: item.integer('quantity') ?? 1,
    })),
    successUrl: p.required('success_url'),
    cancelUrl: p.string('cancel_url'),
    trialEnd: data?.integer('trial_end'),
    trialPeriodDays: data?.integer('trial_period_days'),
    subscriptionMetadata: data?.metadata(),
    metadata: p.metadata(),
    clientReferenceId: p.string('client_reference_id'),
    locale: p.string('locale'),
  });
}

/** The features a portal configuration turns on, with Stripe's defaults for everything not sent. */
function portalFeatures(p: Params | undefined): Stripe.BillingPortal.Configuration.Features {
  if (!p) throw badRequest('Missing required param: features.', 'features', 'parameter_missing');
  p.only(
    'customer_update',
    'invoice_history',
    'payment_method_update',
    'subscription_cancel',
    'subscription_pause',
    'subscription_update',
  );
  const customerUpdate = p.object('customer_update');
  const cancel = p.object('subscription_cancel');
  const update = p.object('subscription_update');
  return {
    customer_update: {
      enabled: customerUpdate?.boolean('enabled') ?? false,
      allowed_updates: customerUpdate?.strings('allowed_updates') ?? [],
    },
    invoice_history: { enabled: p.object('invoice_history')?.boolean('enabled') ?? false },
    payment_method_update: {
      enabled: p.object('payment_method_update')?.boolean('enabled') ?? false,
      payment_method_configuration: null,
    },
    subscription_cancel: {
      enabled: cancel?.boolean('enabled') ?? false,
      mode: cancel?.oneOf('mode', ['at_period_end', 'immediately']) ?? 'at_period_end',
      proration_behavior:
        cancel?.oneOf('proration_behavior', ['always_invoice', 'create_prorations', 'none']) ?? 'none',
      cancellation_reason: {
        enabled: cancel?.object('cancellation_reason')?.boolean('enabled') ?? false,
        options: cancel?.object('cancellation_reason')?.strings('options') ?? [],
        feedback_options: null,
      },
    },
    subscription_pause: {
      enabled: p.object('subscription_pause')?.boolean('enabled') ?? false,
      duration: { type: 'indefinite', interval_options: [] },
    },
    subscription_update: {
      enabled: update?.boolean('enabled') ?? false,
      default_allowed_updates: update?.strings('default_allowed_updates') ?? [],
      products:
        update?.objects('products')?.map((product) => ({
          product: product.required('product'),
          prices: product.strings('prices') ?? [],
          adjustable_quantity: { enabled: false, maximum: null, minimum: 1 },
        })) ?? null,
      proration_behavior:
        update?.oneOf('proration_behavior', ['always_invoice', 'create_prorations', 'none']) ??
        'create_prorations',
      billing_cycle_anchor: null,
      schedule_at_period_end: { conditions: [] },
      trial_update_behavior: 'end_trial',
    },
  };
}

function createPortalConfiguration(state: StripeState, p: Params): object {
  p.only('features', 'business_profile', 'default_return_url', 'metadata', 'name', 'login_page');
  const features = portalFeatures(p.object('features'));
  for (const product of features.subscription_update.products ?? []) {
    for (const price of product.prices) state.price(price, 'features[subscription_update][products][prices]');
  }
  const profile = p.object('business_profile');
  return state.createPortalConfiguration({
    active: true,
    business_profile: {
      headline: profile?.string('headline') ?? null,
      privacy_policy_url: profile?.string('privacy_policy_url') ?? null,
      terms_of_service_url: profile?.string('terms_of_service_url') ?? null,
    },
    default_return_url: p.string('default_return_url') ?? null,
    features,
    is_default: false,
    login_page: { enabled: false, url: null },
    metadata: applyMetadata({}, p.metadata()),
    name: p.string('name') ?? null,
  });
}

/** A route that takes no parameters but `expand`. */
function fetchOne(
  method: Route['method'],
  path: string,
  find: (state: StripeState, id: string) => object,
): Route {
  return route(method, path, (state, p, id) => {
    p.only();
    return find(state, id);
  });
}

const routes: Route[] = [
  fetchOne('GET', '/v1/products/:id', (s, id) => s.product(id)),
  fetchOne('GET', '/v1/prices/:id', (s, id) => s.price(id)),
  route('GET', '/v1/prices', (s, p) => {
    p.only(...LIST, 'lookup_keys', 'active', 'product', 'currency', 'type');
    const filter = {
      lookupKeys: p.strings('lookup_keys'),
      active: p.boolean('active'),
      product: p.string('product'),
      currency: p.string('currency'),
    };
    return s.list(s.listPrices(filter), '/v1/prices', page(p));
  }),

  route('POST', '/v1/customers', (s, p) => s.createCustomer(customerFields(p))),
  route('GET', '/v1/customers', (s, p) => {
    p.only(...LIST, 'email');
    return s.list(s.listCustomers({ email: p.string('email') }), '/v1/customers', page(p));
  }),
  fetchOne('GET', '/v1/customers/:id', (s, id) => s.retrieveCustomer(id)),
  route('POST', '/v1/customers/:id', (s, p, id) => s.updateCustomer(id, customerFields(p))),
  fetchOne('DELETE', '/v1/customers/:id', (s, id) => s.deleteCustomer(id)),

  route('POST', '/v1/subscriptions', createSubscription),
  route('GET', '/v1/subscriptions', (s, p) => {
    p.only(...LIST, 'customer', 'status', 'price');
    const filter = { customer: p.string('customer'), status: p.string('status'), price: p.string('price') };
    return s.list(s.listSubscriptions(filter), '/v1/subscriptions', page(p));
  }),
  fetchOne('GET', '/v1/subscriptions/:id', (s, id) => s.subscription(id)),
  route('POST', '/v1/subscriptions/:id', updateSubscription),
  route('DELETE', '/v1/subscriptions/:id', (s, p, id) => {
    p.only('cancellation_details', 'invoice_now', 'prorate');
    return s.cancelSubscription(id, p.object('cancellation_details')?.string('comment'));
  }),

  route('POST', '/v1/checkout/sessions', createCheckoutSession),
  fetchOne('GET', '/v1/checkout/sessions/:id', (s, id) => s.checkoutSession(id)),

  route('POST', '/v1/billing_portal/configurations', createPortalConfiguration),
  route('GET', '/v1/billing_portal/configurations', (s, p) => {
    p.only(...LIST, 'active', 'is_default');
    const active = p.boolean('active');
    const isDefault = p.boolean('is_default');
    const found = [...s.portalConfigurations.values()].filter(
      (c) =>
        (active === undefined || c.active === active) &&
        (isDefault === undefined || c.is_default === isDefault),
    );
    return s.list(found, '/v1/billing_portal/configurations', page(p));
  }),
  fetchOne('GET', '/v1/billing_portal/configurations/:id', (s, id) => s.portalConfiguration(id)),
  route('POST', '/v1/billing_portal/sessions', (s, p) => {
    p.only('customer', 'return_url', 'configuration', 'locale');
    return s.createPortalSession({
      customer: p.required('customer'),
      returnUrl: p.string('return_url'),
      configuration: p.string('configuration'),
      locale: p.string('locale'),
    });
  }),

  route('GET', '/v1/invoices', (s, p) => {
    p.only(...LIST, 'customer', 'subscription', 'status');
    const filter = {
      customer: p.string('customer'),
      subscription: p.string('subscription'),
      status: p.string('status'),
    };
    return s.list(s.listInvoices(filter), '/v1/invoices', page(p));
  }),
  fetchOne('GET', '/v1/invoices/:id', (s, id) => s.invoice(id)),
  route('GET', '/v1/invoice_payments', (s, p) => {
    p.only(...LIST, 'invoice');
    return s.list(s.listInvoicePayments(p.string('invoice')), '/v1/invoice_payments', page(p));
  }),
  fetchOne('GET', '/v1/payment_intents/:id', (s, id) => s.paymentIntent(id)),
  route('GET', '/v1/charges', (s, p) => {
    p.only(...LIST, 'customer', 'payment_intent');
    const filter = { customer: p.string('customer'), paymentIntent: p.string('payment_intent') };
    return s.list(s.listCharges(filter), '/v1/charges', page(p));
  }),
  fetchOne('GET', '/v1/charges/:id', (s, id) => s.charge(id)),
  route('POST', '/v1/refunds', (s, p) => {
    p.only('charge', 'payment_intent', 'amount', 'reason', 'metadata');
    return s.createRefund({
      charge: p.string('charge'),
      paymentIntent: p.string('payment_intent'),
      amount: p.integer('amount'),
      reason: p.oneOf('reason', ['duplicate', 'fraudulent', 'requested_by_customer']),
      metadata: p.metadata(),
    });
  }),
  fetchOne('GET', '/v1/refunds/:id', (s, id) => s.refund(id)),
  fetchOne('GET', '/v1/events/:id', (s, id) => {
    const event = s.events.find((candidate) => candidate.id === id);
    if (!event) throw noSuch('event', id);
    return event;
  }),
];

/** Runs the route for `method path`; an unknown one answers Stripe's 404. */
export function handleApi(state: StripeState, method: string, path: string, params: Params): unknown {
  for (const candidate of routes) {
    const match = candidate.method === method ? candidate.pattern.exec(path) : null;
    if (match)
      return state.render(
        candidate.handle(state, params, decodeURIComponent(match[1] ?? '')),
        params.expand(),
      );
  }
  throw new StripeApiError(
    404,
    'invalid_request_error',
    `Unrecognized request URL (${method}: ${path}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
    'resource_missing',
  );
}
