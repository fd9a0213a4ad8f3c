import { createServer } from 'node:http';
import { join } from 'node:path';
import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { portalFeatures } from '../../src/modules/billing/checkout.ts';
import { startNode } from '../process.ts';
import { until } from '../until.ts';
import { PRICES, PRODUCT_ID, unixNow } from './resources.ts';
import { DEFAULT_WEBHOOK_SECRET, type StripeServer, startStripeServer } from './server.ts';

// No database: these run the same under TEST_DB=sqlite and postgres.

interface Received {
  id: string;
  type: string;
  status: number;
}

/** The app's side of a webhook: verifies each POST with the SDK, as the billing route will. */
async function startReceiver(
  secret: string,
): Promise<{ url: string; received: Received[]; close: () => Promise<void> }> {
  const received: Received[] = [];
  const http = createServer((req, res) => {
    let payload = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      payload += chunk;
    });
    req.on('end', () => {
      try {
        const event = Stripe.webhooks.constructEvent(
          payload,
          String(req.headers['stripe-signature']),
          secret,
        );
        received.push({ id: event.id, type: event.type, status: 200 });
        res.writeHead(200).end('{}');
      } catch {
        received.push({ id: '', type: '', status: 400 });
        res.writeHead(400).end('{}');
      }
    });
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const address = http.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}/api/v1/stripe/webhook`,
    received,
    close: () => new Promise((resolve) => http.close(() => resolve())),
  };
}

let server: StripeServer;
let stripe: Stripe;

beforeAll(async () => {
  server = await startStripeServer();
  stripe = server.client({ maxNetworkRetries: 1 });
});
afterEach(() => {
  server.reset();
  server.webhookUrl = undefined;
});
afterAll(() => server.close());

describe('Stripe test server through the real SDK', () => {
  it('runs customer → trial → checkout → invoices → refund → portal with the pinned API version shapes', async () => {
    const customer = await stripe.customers.create(
      { email: 'ana@example.com', name: 'Ana', metadata: { user_id: '42' } },
      { idempotencyKey: 'register-42' },
    );
    expect(customer).toMatchObject({
      object: 'customer',
      email: 'ana@example.com',
      metadata: { user_id: '42' },
    });

    const trial = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: PRICES.monthly.id }],
      trial_period_days: 7,
      trial_settings: { end_behavior: { missing_payment_method: 'cancel' } },
      metadata: { user_id: '42' },
    });
    expect(trial.status).toBe('trialing');
    expect((trial.trial_end ?? 0) - (trial.trial_start ?? 0)).toBe(7 * 86_400);
    expect(trial.items.data[0]?.current_period_end).toBe(trial.trial_end);
    expect(trial.items.data[0]?.price).toMatchObject({
      id: PRICES.monthly.id,
      unit_amount: 1990,
      currency: 'brl',
      recurring: { interval: 'month' },
    });
    expect(trial.trial_settings?.end_behavior.missing_payment_method).toBe('cancel');
    expect(trial.latest_invoice).toMatch(/^in_/);

    const withSubscriptions = await stripe.customers.retrieve(customer.id, { expand: ['subscriptions'] });
    expect(withSubscriptions.deleted).toBeUndefined();
    expect(!withSubscriptions.deleted && withSubscriptions.subscriptions?.data.map((s) => s.id)).toEqual([
      trial.id,
    ]);

    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      customer: customer.id,
      line_items: [{ price: PRICES.yearly.id, quantity: 1 }],
      success_url: 'http://app.test/configs/my-plan?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://app.test/configs/my-plan/upgrade',
      metadata: { user_id: '42' },
    });
    expect(session).toMatchObject({
      status: 'open',
      payment_status: 'unpaid',
      amount_total: 19900,
      currency: 'brl',
    });
    expect(session.url).toBe(`${server.url}/checkout/${session.id}`);
    const page = await fetch(`${server.url}/checkout/${session.id}`);
    const html = await page.text();
    expect(html).toContain('<button type="submit">Pay</button>');
    expect(html).toContain('R$199.00 per year');
    const paid = await fetch(`${server.url}/checkout/${session.id}`, { method: 'POST', redirect: 'manual' });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`http://app.test/configs/my-plan?session_id=${session.id}`);

    const done = await stripe.checkout.sessions.retrieve(session.id, { expand: ['subscription'] });
    expect(done).toMatchObject({
      status: 'complete',
      payment_status: 'paid',
      subscription: { object: 'subscription', status: 'active', customer: customer.id },
    });
    const yearly = done.subscription;
    if (typeof yearly !== 'object' || yearly === null) throw new Error('subscription not expanded');
    expect(yearly.default_payment_method).toMatch(/^pm_/);

    const invoices = await stripe.invoices.list({
      customer: customer.id,
      limit: 12,
      expand: ['data.parent.subscription_details.subscription', 'data.payments'],
    });
    // Newest first: the yearly charge, then the trial's zero invoice.
    expect(invoices.data.map((i) => [i.amount_paid, i.status, i.billing_reason])).toEqual([
      [19900, 'paid', 'subscription_create'],
      [0, 'paid', 'subscription_create'],
    ]);
    const [latest] = invoices.data;
    expect(latest?.parent?.subscription_details?.subscription).toMatchObject({
      id: yearly.id,
      status: 'active',
    });
    expect(latest?.hosted_invoice_url).toBe(`${server.url}/invoice/${latest?.id}`);
    const intent = latest?.payments?.data[0]?.payment.payment_intent;
    if (typeof intent !== 'string') throw new Error('invoice payment without a payment intent');

    const refund = await stripe.refunds.create({ payment_intent: intent, reason: 'requested_by_customer' });
    expect(refund).toMatchObject({ status: 'succeeded', amount: 19900, payment_intent: intent });
    const charge = await stripe.charges.retrieve(String(refund.charge));
    expect(charge).toMatchObject({ refunded: true, amount_refunded: 19900 });
    await expect(stripe.refunds.create({ charge: charge.id })).rejects.toMatchObject({
      code: 'charge_already_refunded',
    });

    // The configuration the app creates (billing/checkout.ts).
    const configuration = await stripe.billingPortal.configurations.create({
      features: portalFeatures(PRODUCT_ID, [PRICES.monthly.id, PRICES.yearly.id]),
    });
    expect(configuration.features).toMatchObject({
      invoice_history: { enabled: true },
      subscription_cancel: { enabled: true, mode: 'at_period_end' },
      subscription_update: { products: [{ prices: [PRICES.monthly.id, PRICES.yearly.id] }] },
    });
    expect((await stripe.billingPortal.configurations.list()).data.map((c) => c.id)).toEqual([
      configuration.id,
    ]);
    const portal = await stripe.billingPortal.sessions.create({
      customer: customer.id,
      return_url: 'http://app.test/configs/my-plan',
      configuration: configuration.id,
    });
    expect(portal.url).toBe(`${server.url}/portal/${portal.id}`);
    expect(await (await fetch(portal.url)).text()).toContain(
      '<a href="http://app.test/configs/my-plan">Return</a>',
    );

    // What the server received, as the billing tests will assert it.
    expect(server.requests({ method: 'POST', path: '/v1/customers' })).toMatchObject([
      {
        idempotencyKey: 'register-42',
        stripeVersion: Stripe.API_VERSION,
        body: { email: 'ana@example.com', metadata: { user_id: '42' } },
      },
    ]);
    expect(server.requests({ method: 'POST', path: '/v1/subscriptions' })[0]?.body).toMatchObject({
      items: [{ price: PRICES.monthly.id }],
      trial_period_days: '7',
      trial_settings: { end_behavior: { missing_payment_method: 'cancel' } },
    });
    expect(server.requests({ path: `/v1/customers/${customer.id}` })[0]?.query).toEqual({
      expand: ['subscriptions'],
    });
    expect(server.requests({ path: /^\/v1\/checkout\/sessions$/ })[0]?.body).toMatchObject({
      success_url: 'http://app.test/configs/my-plan?session_id={CHECKOUT_SESSION_ID}',
    });
  });

  it('answers bad requests in Stripe’s error shape', async () => {
    const unknownRoute = await fetch(`${server.url}/v1/nothing-here`, {
      headers: { authorization: 'Bearer sk_test' },
    });
    expect(unknownRoute.status).toBe(404);
    expect(await unknownRoute.json()).toMatchObject({
      error: {
        type: 'invalid_request_error',
        code: 'resource_missing',
        message: expect.stringMatching(/^Unrecognized request URL/),
      },
    });
    expect((await fetch(`${server.url}/v1/customers`)).status).toBe(401);

    await expect(stripe.customers.retrieve('cus_missing')).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      statusCode: 404,
      code: 'resource_missing',
      message: "No such customer: 'cus_missing'",
    });
    // rawRequest sends what the SDK's types would refuse: a misspelt and a malformed parameter.
    await expect(
      stripe.rawRequest('POST', '/v1/customers', { emial: 'a@example.com' }),
    ).rejects.toMatchObject({
      statusCode: 400,
      code: 'parameter_unknown',
      param: 'emial',
    });
    const customer = await stripe.customers.create({ email: 'b@example.com' });
    await expect(
      stripe.rawRequest('POST', '/v1/subscriptions', {
        customer: customer.id,
        items: [{ price: PRICES.monthly.id }],
        trial_period_days: 'seven',
      }),
    ).rejects.toMatchObject({
      statusCode: 400,
      message: 'Invalid integer: seven',
      param: 'trial_period_days',
    });
    const subscription = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: PRICES.monthly.id }],
      trial_period_days: 7,
    });
    // This API version has no invoice.subscription: the old expand path is refused, as Stripe does
    // (here checked against the trial's zero invoice: see README on empty lists).
    await expect(
      stripe.invoices.list({ customer: customer.id, expand: ['data.subscription'] }),
    ).rejects.toMatchObject({
      statusCode: 400,
      message: 'This property cannot be expanded (data.subscription).',
    });
    // Checkout wants a trial to end at least 48 hours ahead.
    const checkout: Stripe.Checkout.SessionCreateParams = {
      mode: 'subscription',
      customer: customer.id,
      line_items: [{ price: PRICES.monthly.id, quantity: 1 }],
      success_url: 'http://app.test/ok',
    };
    await expect(
      stripe.checkout.sessions.create({ ...checkout, subscription_data: { trial_end: unixNow() + 86_400 } }),
    ).rejects.toMatchObject({ statusCode: 400, param: 'subscription_data[trial_end]' });
    const accepted = await stripe.checkout.sessions.create({
      ...checkout,
      subscription_data: { trial_end: unixNow() + 3 * 86_400 },
    });
    expect(accepted.amount_total).toBe(0);
    // A portal session needs a configuration: an API-only account has no dashboard default.
    await expect(stripe.billingPortal.sessions.create({ customer: customer.id })).rejects.toMatchObject({
      statusCode: 400,
    });
    // Cancelling twice: the second answers "No such subscription".
    expect((await stripe.subscriptions.cancel(subscription.id)).status).toBe('canceled');
    await expect(stripe.subscriptions.cancel(subscription.id)).rejects.toMatchObject({
      statusCode: 404,
      message: `No such subscription: '${subscription.id}'`,
    });
    expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe('canceled');
  });

  it('updates subscriptions as Stripe does: cancel at period end, plan change, pause, metadata, listing', async () => {
    const customer = await stripe.customers.create({ email: 'c@example.com' });
    const created = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: PRICES.monthly.id }],
      trial_period_days: 7,
      metadata: { user_id: '7', keep: 'yes' },
    });
    const item = created.items.data[0];
    const scheduled = await stripe.subscriptions.update(created.id, {
      cancel_at_period_end: true,
      items: [{ id: item?.id, price: PRICES.yearly.id }],
      pause_collection: { behavior: 'void' },
      metadata: { user_id: '' },
    });
    expect(scheduled).toMatchObject({
      cancel_at_period_end: true,
      cancel_at: item?.current_period_end,
      pause_collection: { behavior: 'void', resumes_at: null },
      metadata: { keep: 'yes' },
    });
    expect(scheduled.metadata).not.toHaveProperty('user_id');
    expect(scheduled.items.data.map((i) => i.price.id)).toEqual([PRICES.yearly.id]);
    const resumed = await stripe.subscriptions.update(created.id, {
      cancel_at_period_end: false,
      pause_collection: '',
    });
    expect(resumed).toMatchObject({ cancel_at_period_end: false, cancel_at: null, pause_collection: null });

    const updated = server.state.events.filter((e) => e.type === 'customer.subscription.updated');
    expect(updated.at(-1)?.data.previous_attributes).toMatchObject({ cancel_at_period_end: true });

    await stripe.subscriptions.cancel(created.id);
    const other = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: PRICES.monthly.id }],
      trial_period_days: 7,
    });
    expect((await stripe.subscriptions.list({ customer: customer.id })).data.map((s) => s.id)).toEqual([
      other.id,
    ]);
    expect(
      (await stripe.subscriptions.list({ customer: customer.id, status: 'all' })).data.map((s) => s.id),
    ).toEqual([other.id, created.id]);
    await expect(
      stripe.subscriptions.update(created.id, { cancel_at_period_end: true }),
    ).rejects.toMatchObject({
      statusCode: 400,
      message: 'A canceled subscription can only update its cancellation_details and metadata.',
    });
    const prices = await stripe.prices.list({ lookup_keys: [PRICES.yearly.lookupKey] });
    expect(prices.data.map((p) => [p.id, p.unit_amount, p.recurring?.interval])).toEqual([
      [PRICES.yearly.id, 19900, 'year'],
    ]);

    const deleted = await stripe.customers.del(customer.id);
    expect(deleted).toEqual({ id: customer.id, object: 'customer', deleted: true });
    expect(server.state.subscription(other.id).status).toBe('canceled');
    expect(await stripe.customers.retrieve(customer.id)).toMatchObject({ deleted: true });
  });

  it('replays an idempotent POST and creates nothing new', async () => {
    const first = await stripe.customers.create(
      { email: 'once@example.com' },
      { idempotencyKey: 'same-key' },
    );
    const again = await stripe.customers.create(
      { email: 'once@example.com' },
      { idempotencyKey: 'same-key' },
    );
    expect(again.id).toBe(first.id);
    expect(server.state.listCustomers({ email: 'once@example.com' })).toHaveLength(1);
    expect(server.requests({ path: '/v1/customers' }).map((r) => r.replayed)).toEqual([false, true]);
    await expect(
      stripe.customers.create({ email: 'other@example.com' }, { idempotencyKey: 'same-key' }),
    ).rejects.toMatchObject({ type: 'StripeIdempotencyError', statusCode: 400 });
    // Without a key of the caller's, the SDK's own fresh key makes each create a new customer.
    await stripe.customers.create({ email: 'twice@example.com' });
    await stripe.customers.create({ email: 'twice@example.com' });
    expect(server.state.listCustomers({ email: 'twice@example.com' })).toHaveLength(2);
  });

  it('fails during an outage after the SDK’s one retry, and a one-request outage is survived by it', async () => {
    server.setOutage('error');
    await expect(
      stripe.customers.create({ email: 'down@example.com' }, { idempotencyKey: 'register-1' }),
    ).rejects.toMatchObject({ type: 'StripeAPIError', statusCode: 500 });
    expect(server.requests({ path: '/v1/customers' }).map((r) => [r.status, r.idempotencyKey])).toEqual([
      [500, 'register-1'],
      [500, 'register-1'],
    ]);
    const noRetry = server.client({ maxNetworkRetries: 0 });
    server.clearRequests();
    await expect(noRetry.customers.create({ email: 'down@example.com' })).rejects.toMatchObject({
      statusCode: 500,
    });
    expect(server.requests()).toHaveLength(1);

    server.clearRequests();
    server.setOutage('close');
    await expect(stripe.customers.create({ email: 'down@example.com' })).rejects.toMatchObject({
      type: 'StripeConnectionError',
    });
    expect(server.requests().map((r) => r.status)).toEqual([0, 0]);
    expect(server.state.customers.size).toBe(0);

    server.clearRequests();
    server.setOutage('error', { requests: 1 });
    const created = await stripe.customers.create({ email: 'blip@example.com' });
    const attempts = server.requests({ path: '/v1/customers' });
    expect(attempts.map((r) => r.status)).toEqual([500, 200]);
    expect(attempts[1]?.idempotencyKey).toBe(attempts[0]?.idempotencyKey);
    expect(server.state.listCustomers({ email: 'blip@example.com' }).map((c) => c.id)).toEqual([created.id]);
  });
});

describe('webhooks', () => {
  it('signs events that constructEvent accepts with the right secret only, and only within 300 s', async () => {
    const { state } = server;
    const customer = state.createCustomer({ email: 'w@example.com' });
    const subscription = state.createSubscription({
      customer: customer.id,
      items: [{ price: PRICES.monthly.id }],
      trialPeriodDays: 7,
    });
    const event = state.eventFor('customer.subscription.updated', subscription.id);

    const { payload, header } = server.sign(event);
    expect(stripe.webhooks.constructEvent(payload, header, DEFAULT_WEBHOOK_SECRET)).toMatchObject({
      id: event.id,
      type: 'customer.subscription.updated',
      api_version: Stripe.API_VERSION,
      data: { object: { id: subscription.id, object: 'subscription', status: 'trialing' } },
    });
    expect(() => stripe.webhooks.constructEvent(payload, header, 'whsec_wrong')).toThrow(
      Stripe.errors.StripeSignatureVerificationError,
    );
    const stale = server.sign(event, { stale: true });
    expect(() => stripe.webhooks.constructEvent(stale.payload, stale.header, DEFAULT_WEBHOOK_SECRET)).toThrow(
      'Timestamp outside the tolerance zone',
    );
    const justInside = server.sign(event, { timestamp: unixNow() - 290 });
    expect(
      stripe.webhooks.constructEvent(justInside.payload, justInside.header, DEFAULT_WEBHOOK_SECRET).id,
    ).toBe(event.id);
  });

  it('delivers to the webhook URL once, five times at once, or stale', async () => {
    const receiver = await startReceiver(server.webhookSecret);
    try {
      server.webhookUrl = receiver.url;
      const { state } = server;
      const customer = state.createCustomer({ email: 'd@example.com' });
      const [created] = state.eventsOf(() =>
        state.createSubscription({
          customer: customer.id,
          items: [{ price: PRICES.monthly.id }],
          trialPeriodDays: 7,
        }),
      );
      if (!created) throw new Error('no event');
      expect(created.type).toBe('customer.subscription.created');

      const five = await server.deliver(created, { times: 5 });
      expect(five.map((d) => d.status)).toEqual([200, 200, 200, 200, 200]);
      expect(receiver.received).toEqual(
        Array.from({ length: 5 }, () => ({ id: created.id, type: created.type, status: 200 })),
      );

      const stale = await server.deliver(created, { stale: true });
      expect(stale.map((d) => d.status)).toEqual([400]);
      expect(server.deliveries).toHaveLength(6);
    } finally {
      await receiver.close();
    }
  });

  it('pays on the hosted checkout page, delivers its events, and ends trials by their end behaviour', async () => {
    const receiver = await startReceiver(server.webhookSecret);
    try {
      server.webhookUrl = receiver.url;
      const customer = await stripe.customers.create({ email: 'e@example.com' });
      const trial = await stripe.subscriptions.create({
        customer: customer.id,
        items: [{ price: PRICES.monthly.id }],
        trial_period_days: 7,
        trial_settings: { end_behavior: { missing_payment_method: 'cancel' } },
      });
      const session = await stripe.checkout.sessions.create({
        mode: 'subscription',
        customer: customer.id,
        line_items: [{ price: PRICES.monthly.id, quantity: 1 }],
        success_url: 'http://app.test/ok?session_id={CHECKOUT_SESSION_ID}',
        subscription_data: { trial_end: trial.trial_end ?? 0 },
      });
      const paid = await fetch(`${server.url}/checkout/${session.id}`, {
        method: 'POST',
        redirect: 'manual',
      });
      expect(paid.headers.get('location')).toBe(`http://app.test/ok?session_id=${session.id}`);
      await until('the checkout webhooks', () =>
        receiver.received.some((r) => r.type === 'checkout.session.completed'),
      );
      expect(receiver.received.map((r) => [r.type, r.status])).toEqual([
        ['customer.subscription.created', 200],
        ['invoice.paid', 200],
        ['checkout.session.completed', 200],
      ]);
      const done = await stripe.checkout.sessions.retrieve(session.id);
      expect(done).toMatchObject({ status: 'complete', payment_status: 'no_payment_required' });
      const paidSubscriptionId = String(done.subscription);
      expect(server.state.subscription(paidSubscriptionId)).toMatchObject({
        status: 'trialing',
        trial_end: trial.trial_end,
      });

      // The checkout's subscription has a card: its trial ends in an active, charged period.
      const ended = server.state.advanceTrialEnd(paidSubscriptionId);
      expect(ended.map((e) => e.type)).toEqual(['customer.subscription.updated', 'invoice.paid']);
      expect(ended[0]?.data.previous_attributes).toMatchObject({ status: 'trialing' });
      expect(server.state.subscription(paidSubscriptionId).status).toBe('active');
      // The registration trial has none and ends by `cancel`.
      expect(server.state.advanceTrialEnd(trial.id).map((e) => e.type)).toEqual([
        'customer.subscription.deleted',
      ]);
      expect((await stripe.subscriptions.retrieve(trial.id)).status).toBe('canceled');
    } finally {
      await receiver.close();
    }
  });

  it('acts as Stripe on renewals and statuses: failed, paid, past_due, paused and back', async () => {
    const { state } = server;
    const customer = state.createCustomer({ email: 'f@example.com', defaultPaymentMethod: 'pm_card' });
    const subscription = state.createSubscription({
      customer: customer.id,
      items: [{ price: PRICES.yearly.id }],
    });
    expect(subscription.status).toBe('active');

    expect(state.renewSubscription(subscription.id, 'failed').map((e) => e.type)).toEqual([
      'customer.subscription.updated',
      'invoice.payment_failed',
    ]);
    expect(subscription.status).toBe('past_due');
    const open = state.invoice(String(subscription.latest_invoice));
    expect(open).toMatchObject({ status: 'open', attempt_count: 1, amount_remaining: 19900 });
    expect(state.failInvoice(open.id).map((e) => e.type)).toEqual(['invoice.payment_failed']);
    expect(state.payInvoice(open.id).map((e) => e.type)).toEqual([
      'invoice.paid',
      'customer.subscription.updated',
    ]);
    expect(subscription.status).toBe('active');
    expect(() => state.payInvoice(open.id)).toThrow('not open');

    expect(state.setSubscriptionStatus(subscription.id, 'paused').map((e) => e.type)).toEqual([
      'customer.subscription.updated',
      'customer.subscription.paused',
    ]);
    expect(state.setSubscriptionStatus(subscription.id, 'active').map((e) => e.type)).toEqual([
      'customer.subscription.updated',
      'customer.subscription.resumed',
    ]);
    expect(state.setSubscriptionStatus(subscription.id, 'canceled').map((e) => e.type)).toEqual([
      'customer.subscription.deleted',
    ]);
  });
});

describe('control API and process', () => {
  it('drives the server over HTTP: outage, cancel with its webhook, recorded requests, reset', async () => {
    const receiver = await startReceiver('whsec_from_control');
    const control = (method: string, path: string, body?: unknown) =>
      fetch(`${server.url}/_control/${path}`, {
        method,
        headers: { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    try {
      expect(
        (await control('POST', 'webhook', { url: receiver.url, secret: 'whsec_from_control' })).status,
      ).toBe(200);
      expect((await control('POST', 'outage', { mode: 'error' })).status).toBe(200);
      await expect(stripe.customers.create({ email: 'g@example.com' })).rejects.toMatchObject({
        statusCode: 500,
      });
      await control('POST', 'outage', { mode: 'off' });
      const customer = await stripe.customers.create({ email: 'g@example.com' });
      const subscription = await stripe.subscriptions.create({
        customer: customer.id,
        items: [{ price: PRICES.monthly.id }],
        trial_period_days: 7,
      });

      const cancelled = await control('POST', `subscriptions/${subscription.id}/cancel`);
      expect(await cancelled.json()).toMatchObject({
        events: [
          {
            type: 'customer.subscription.deleted',
            data: { object: { id: subscription.id, status: 'canceled' } },
          },
        ],
        deliveries: [{ type: 'customer.subscription.deleted', status: 200 }],
      });
      expect(receiver.received).toEqual([
        expect.objectContaining({ type: 'customer.subscription.deleted', status: 200 }),
      ]);

      const recorded = (await (
        await control('GET', 'requests?method=POST&path=/v1/customers')
      ).json()) as unknown[];
      expect(recorded.map((r) => (r as { status: number }).status)).toEqual([500, 500, 200]);
      expect((await control('POST', 'outage', { mode: 'sometimes' })).status).toBe(400);
      expect((await control('POST', 'nothing')).status).toBe(404);

      await control('POST', 'reset');
      expect(server.state.customers.size).toBe(0);
      expect(server.requests()).toEqual([]);
    } finally {
      server.webhookSecret = DEFAULT_WEBHOOK_SECRET;
      await receiver.close();
    }
  });

  it('runs as its own process from cli.ts and stops on SIGTERM', async () => {
    const { child, output, exit } = startNode([join(import.meta.dirname, 'cli.ts'), '--port', '0']);
    try {
      await until('the CLI listening', () => /listening at http:\/\/127\.0\.0\.1:\d+/.test(output()));
      const url = /listening at (\S+)/.exec(output())?.[1];
      const state = (await (await fetch(`${url}/_control/state`)).json()) as { prices: { id: string }[] };
      expect(state.prices.map((p) => p.id)).toEqual([PRICES.monthly.id, PRICES.yearly.id]);
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exit).toBe(0);
  });
});
