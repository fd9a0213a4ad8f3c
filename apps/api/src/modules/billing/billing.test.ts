import { SUBSCRIPTION_REQUIRED_MESSAGE, type UserInformation } from '@centavo/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/app.ts';
import { PRICES } from '../../../test/stripe/resources.ts';
import { api, PASSWORD, type Registered, registerUser } from '../identity/identity.test-helpers.ts';
import { type BillingContext, copyOf, createBillingApp, postEvent } from './billing.test-helpers.ts';

let b: BillingContext;

beforeAll(async () => {
  b = await createBillingApp();
});
afterAll(async () => {
  await b.close();
});
beforeEach(() => {
  b.stripe.setOutage('off');
  b.stripe.clearRequests();
});

const DAY = 86_400_000;

async function info(user: Registered): Promise<UserInformation> {
  const res = await api(b.ctx, 'GET', '/stripe/user-information', { headers: user.auth });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as UserInformation;
}

async function checkout(user: Registered, plan: 'monthly' | 'yearly' = 'monthly'): Promise<string> {
  const res = await api(b.ctx, 'POST', '/billing/checkout-session', {
    headers: user.auth,
    payload: { plan },
  });
  expect(res.statusCode, res.body).toBe(200);
  const url = (res.json() as { url: string }).url;
  const id = url.split('/').pop() ?? '';
  expect(id).toMatch(/^cs_/);
  return id;
}

async function confirm(user: Registered, sessionId: string) {
  return api(b.ctx, 'POST', '/billing/checkout-session/confirm', {
    headers: user.auth,
    payload: { session_id: sessionId },
  });
}

/** A user whose trial Stripe ended without a card: read-only, as after a lapsed subscription. */
async function lapsedUser(): Promise<Registered> {
  const user = await registerUser(b.ctx);
  const copy = await copyOf(b, user.id);
  const events = b.stripe.state.advanceTrialEnd(copy.stripe_subscription_id ?? '');
  for (const event of events) expect((await postEvent(b, event)).statusCode).toBe(200);
  expect((await copyOf(b, user.id)).subscription_status).toBe('canceled');
  return user;
}

async function logLines(userId: number) {
  return b.ctx.database.db
    .selectFrom('account_logs')
    .select(['event', 'details'])
    .where('user_id', '=', userId)
    .where('event', '=', 'subscription_changed')
    .orderBy('id')
    .execute();
}

/** How many times the webhook recorded the event as handled (stripe_events: at most once). */
async function recordedTimes(eventId: string): Promise<number> {
  const rows = await b.ctx.database.db
    .selectFrom('stripe_events')
    .select('id')
    .where('id', '=', eventId)
    .execute();
  return rows.length;
}

describe('registration', () => {
  it('creates one customer and a 7-day trial without a card, both with idempotency keys', async () => {
    const user = await registerUser(b.ctx, { name: 'Bia Lima' });
    const customers = b.stripe.requests({ method: 'POST', path: '/v1/customers' });
    expect(customers).toHaveLength(1);
    expect(customers[0]?.body).toMatchObject({
      email: user.email,
      name: 'Bia Lima',
      metadata: { user_id: String(user.id) },
    });
    expect(customers[0]?.idempotencyKey).toMatch(new RegExp(`^centavo-customer-${user.id}-`));
    const subs = b.stripe.requests({ method: 'POST', path: '/v1/subscriptions' });
    expect(subs).toHaveLength(1);
    expect(subs[0]?.body).toMatchObject({
      items: [{ price: PRICES.monthly.id }],
      trial_period_days: '7',
      trial_settings: { end_behavior: { missing_payment_method: 'cancel' } },
    });
    expect(subs[0]?.idempotencyKey).toBe(`centavo-trial-${user.id}`);

    const copy = await copyOf(b, user.id);
    expect(user.tokens.stripe_customer_id).toBe(copy.stripe_customer_id);
    expect(copy.stripe_customer_id).toMatch(/^cus_/);
    expect(copy.subscription_status).toBe('trialing');
    const days = (Date.parse(copy.trial_end ?? '') - Date.now()) / DAY;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);
    const information = await info(user);
    expect(information).toMatchObject({
      billing: true,
      status: 'trialing',
      access: 'full',
      entitled: true,
      plan: null,
    });
    expect((await logLines(user.id)).map((l) => JSON.parse(l.details ?? '{}').to)).toEqual(['trialing']);
  });

  for (const mode of ['error', 'close'] as const) {
    it(`survives a Stripe outage (${mode}): the sign-up succeeds and the next billing call creates the customer once`, async () => {
      b.stripe.setOutage(mode);
      const user = await registerUser(b.ctx);
      expect(user.tokens.stripe_customer_id).toBeNull();
      expect((await copyOf(b, user.id)).stripe_customer_id).toBeNull();
      // Still in the trial by the server's own rule: finance writes work.
      const write = await api(b.ctx, 'POST', '/tag', { headers: user.auth, payload: { name: 'outage' } });
      expect(write.statusCode, write.body).toBe(201);
      const during = await info(user);
      expect(during).toMatchObject({ access: 'full', status: 'trialing' });

      b.stripe.setOutage('off');
      b.stripe.clearRequests();
      await info(user);
      await info(user);
      expect(
        b.stripe.requests({ method: 'POST', path: '/v1/customers' }).filter((r) => r.status === 200),
      ).toHaveLength(1);
      expect(b.stripe.requests({ method: 'POST', path: '/v1/subscriptions' })).toHaveLength(1);
      const copy = await copyOf(b, user.id);
      expect(copy.stripe_customer_id).toMatch(/^cus_/);
      expect(copy.subscription_status).toBe('trialing');
    });
  }
});

describe('user information', () => {
  it('without invoices answers from the server’s copy and asks Stripe nothing', async () => {
    const user = await registerUser(b.ctx);
    b.stripe.clearRequests();
    const res = await api(b.ctx, 'GET', '/stripe/user-information?invoices=false', { headers: user.auth });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'trialing', access: 'full', invoices: [] });
    expect(b.stripe.requests()).toHaveLength(0);
    await info(user);
    expect(b.stripe.requests({ method: 'GET', path: '/v1/invoices' })).toHaveLength(1);
  });
});

describe('prices', () => {
  it('answers both plans as Stripe has them, cached between calls', async () => {
    const first = await api(b.ctx, 'GET', '/stripe/prices');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual([
      { plan: 'monthly', price_id: PRICES.monthly.id, amount: 1990, currency: 'brl', interval: 'month' },
      { plan: 'yearly', price_id: PRICES.yearly.id, amount: 19900, currency: 'brl', interval: 'year' },
    ]);
    b.stripe.clearRequests();
    await api(b.ctx, 'GET', '/stripe/prices');
    expect(b.stripe.requests()).toHaveLength(0);
  });
});

describe('checkout', () => {
  it('uses the one customer, keeps the trial days, and never creates a second customer', async () => {
    const user = await registerUser(b.ctx);
    const customer = (await copyOf(b, user.id)).stripe_customer_id;
    b.stripe.clearRequests();
    await checkout(user, 'monthly');
    await checkout(user, 'yearly');
    await checkout(user, 'monthly');
    expect(b.stripe.requests({ method: 'POST', path: '/v1/customers' })).toHaveLength(0);
    const sessions = b.stripe.requests({ method: 'POST', path: '/v1/checkout/sessions' });
    expect(sessions).toHaveLength(3);
    const keys = new Set(sessions.map((s) => s.idempotencyKey));
    expect(keys.size).toBe(3);
    expect(sessions[1]?.body).toMatchObject({
      mode: 'subscription',
      customer,
      line_items: [{ price: PRICES.yearly.id, quantity: '1' }],
      success_url: 'https://app.centavo.test/configs/my-plan?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'https://app.centavo.test/configs/my-plan/upgrade',
    });
    const data = sessions[0]?.body.subscription_data as { trial_end?: string } | undefined;
    const trialEnd = Number(data?.trial_end);
    expect(trialEnd * 1000).toBe(Date.parse((await copyOf(b, user.id)).trial_end ?? ''));
  });

  it('refuses an unknown plan or extra fields with 422 and calls nothing', async () => {
    const user = await registerUser(b.ctx);
    b.stripe.clearRequests();
    for (const payload of [{ plan: 'lifetime' }, { plan: 'monthly', price: 'price_free' }, {}]) {
      const res = await api(b.ctx, 'POST', '/billing/checkout-session', { headers: user.auth, payload });
      expect(res.statusCode).toBe(422);
    }
    expect(b.stripe.requests({ method: 'POST' })).toHaveLength(0);
  });

  it('confirms a paid session at once: the paid subscription becomes the user’s and the trial is cancelled', async () => {
    const user = await lapsedUser();
    const sessionId = await checkout(user, 'yearly');
    const before = await confirm(user, sessionId);
    expect(before.json()).toMatchObject({ confirmed: false, information: { access: 'read_only' } });

    b.stripe.state.completeCheckout(sessionId); // no webhook delivered: the confirmation alone must do it
    const res = await confirm(user, sessionId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      confirmed: true,
      thank_you_url: null,
      information: { status: 'active', plan: 'yearly', access: 'full', entitled: true },
    });
    const session = b.stripe.state.checkoutSession(sessionId);
    expect((await copyOf(b, user.id)).stripe_subscription_id).toBe(session.subscription);
  });

  it('cancels the registration trial when a trialing user pays', async () => {
    const user = await registerUser(b.ctx);
    const trial = (await copyOf(b, user.id)).stripe_subscription_id ?? '';
    const sessionId = await checkout(user, 'monthly');
    const events = b.stripe.state.completeCheckout(sessionId);
    for (const event of events) expect((await postEvent(b, event)).statusCode).toBe(200);
    expect(b.stripe.state.subscription(trial).status).toBe('canceled');
    const copy = await copyOf(b, user.id);
    expect(copy.stripe_subscription_id).toBe(b.stripe.state.checkoutSession(sessionId).subscription);
    expect(copy).toMatchObject({ subscription_status: 'trialing', subscription_plan: 'monthly' });
  });

  it('another user’s session is unknown (404) and changes nothing', async () => {
    const owner = await lapsedUser();
    const other = await lapsedUser();
    const sessionId = await checkout(owner);
    b.stripe.state.completeCheckout(sessionId);
    const res = await confirm(other, sessionId);
    expect(res.statusCode).toBe(404);
    expect((await copyOf(b, other.id)).subscription_status).toBe('canceled');
  });
});

describe('customer portal', () => {
  it('creates the configuration once and opens sessions on it, returning to the plan page', async () => {
    const user = await registerUser(b.ctx);
    b.stripe.clearRequests();
    const urls: string[] = [];
    for (let i = 0; i < 2; i += 1) {
      const res = await api(b.ctx, 'POST', '/billing/portal-session', { headers: user.auth });
      expect(res.statusCode, res.body).toBe(200);
      urls.push((res.json() as { url: string }).url);
    }
    expect(b.stripe.requests({ method: 'POST', path: '/v1/billing_portal/configurations' })).toHaveLength(1);
    const sessions = b.stripe.requests({ method: 'POST', path: '/v1/billing_portal/sessions' });
    expect(sessions).toHaveLength(2);
    expect(sessions[0]?.body).toMatchObject({
      customer: (await copyOf(b, user.id)).stripe_customer_id,
      return_url: 'https://app.centavo.test/configs/my-plan',
    });
    expect(sessions[0]?.body.configuration).toMatch(/^bpc_/);
    expect(urls[0]).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);
  });
});

describe('webhook', () => {
  it('refuses a bad signature or a stale timestamp with 400 and changes nothing', async () => {
    const user = await registerUser(b.ctx);
    const sub = (await copyOf(b, user.id)).stripe_subscription_id ?? '';
    const [event] = b.stripe.state.setSubscriptionStatus(sub, 'canceled');
    if (!event) throw new Error('no event');
    const forged = await postEvent(b, event, { secret: 'whsec_not_the_endpoint_secret' });
    const stale = await postEvent(b, event, { stale: true });
    // An hour ahead is as far outside the tolerance as an hour behind (issue 17).
    const future = await postEvent(b, event, { timestamp: Math.floor(Date.now() / 1000) + 3600 });
    const unsigned = await b.ctx.app.inject({
      method: 'POST',
      url: '/api/v1/stripe/webhook',
      payload: JSON.stringify(event),
      headers: { 'content-type': 'application/json' },
    });
    const { payload, header } = b.stripe.sign(event);
    const tampered = await b.ctx.app.inject({
      method: 'POST',
      url: '/api/v1/stripe/webhook',
      payload: payload.replace('"canceled"', '"active"'),
      headers: { 'content-type': 'application/json', 'stripe-signature': header },
    });
    for (const res of [forged, stale, future, unsigned, tampered]) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ key: 'webhookSignatureInvalid' });
    }
    expect((await copyOf(b, user.id)).subscription_status).toBe('trialing');
    expect(await recordedTimes(event.id)).toBe(0);
    // The genuine delivery then works.
    expect((await postEvent(b, event)).statusCode).toBe(200);
    expect((await copyOf(b, user.id)).subscription_status).toBe('canceled');
  });

  it('an event delivered five times at once, then again, has one effect', async () => {
    const user = await registerUser(b.ctx);
    const sub = (await copyOf(b, user.id)).stripe_subscription_id ?? '';
    const [event] = b.stripe.state.setSubscriptionStatus(sub, 'canceled');
    if (!event) throw new Error('no event');
    const before = (await logLines(user.id)).length;
    const answers = await Promise.all(Array.from({ length: 5 }, () => postEvent(b, event)));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect((await postEvent(b, event)).statusCode).toBe(200);
    expect((await logLines(user.id)).length).toBe(before + 1);
    expect(await recordedTimes(event.id)).toBe(1);
  });

  it('five concurrent payment_failed deliveries send one e-mail', async () => {
    const user = await lapsedUser();
    const sessionId = await checkout(user);
    b.stripe.state.completeCheckout(sessionId);
    expect((await confirm(user, sessionId)).statusCode).toBe(200);
    const sub = (await copyOf(b, user.id)).stripe_subscription_id ?? '';
    const events = b.stripe.state.renewSubscription(sub, 'failed');
    const failed = events.find((e) => e.type === 'invoice.payment_failed');
    if (!failed) throw new Error('no payment_failed event');
    const sentBefore = b.ctx.mailer.sent.filter((m) => m.to === user.email).length;
    await Promise.all(Array.from({ length: 5 }, () => postEvent(b, failed)));
    await b.ctx.app.billing.idle();
    const mails = b.ctx.mailer.sent.filter((m) => m.to === user.email).slice(sentBefore);
    expect(mails.map((m) => m.subject)).toEqual(['Your Centavo payment did not go through']);
    // past_due is within its 3-day grace: still full.
    expect(await info(user)).toMatchObject({ status: 'past_due', access: 'full' });
  });

  it('every delivery order of a checkout’s events ends in the state Stripe holds', async () => {
    const orders = [
      [0, 1, 2],
      [2, 1, 0],
      [1, 0, 2],
      [2, 0, 1],
      [1, 2, 0],
      [0, 2, 1],
    ];
    for (const order of orders) {
      const user = await registerUser(b.ctx);
      const trial = (await copyOf(b, user.id)).stripe_subscription_id ?? '';
      const sessionId = await checkout(user, 'yearly');
      const events = [
        ...b.stripe.state.completeCheckout(sessionId),
        // The trial ends in Stripe, in whatever order its event arrives.
        ...b.stripe.state.setSubscriptionStatus(trial, 'canceled'),
      ];
      const wanted = events.filter((e) =>
        [
          'checkout.session.completed',
          'customer.subscription.created',
          'customer.subscription.deleted',
        ].includes(e.type),
      );
      expect(wanted).toHaveLength(3);
      for (const index of order) {
        const event = wanted[index];
        if (event) expect((await postEvent(b, event)).statusCode).toBe(200);
      }
      const paid = b.stripe.state.checkoutSession(sessionId).subscription;
      const stripeSub = b.stripe.state.subscription(String(paid));
      const copy = await copyOf(b, user.id);
      expect(copy, `order ${order.join(',')}`).toMatchObject({
        stripe_subscription_id: stripeSub.id,
        subscription_status: stripeSub.status,
        subscription_plan: 'yearly',
      });
    }
  });

  it('subscription deleted → read-only; resumed payment → full again; each change is logged', async () => {
    const user = await lapsedUser();
    expect(await info(user)).toMatchObject({ status: 'canceled', access: 'read_only', entitled: false });
    const blocked = await api(b.ctx, 'POST', '/tag', { headers: user.auth, payload: { name: 'x' } });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json()).toMatchObject({
      code: 'SUBSCRIPTION_REQUIRED',
      message: SUBSCRIPTION_REQUIRED_MESSAGE,
    });
    const lines = (await logLines(user.id)).map((l) => JSON.parse(l.details ?? '{}'));
    expect(lines.map((l) => [l.from, l.to])).toEqual([
      [null, 'trialing'],
      ['trialing', 'canceled'],
    ]);
  });

  it('acknowledges an unknown event type and an unknown customer with 200', async () => {
    const user = await registerUser(b.ctx);
    const sub = (await copyOf(b, user.id)).stripe_subscription_id ?? '';
    const unknown = b.stripe.state.eventFor(
      'customer.updated' as never,
      (await copyOf(b, user.id)).stripe_customer_id ?? '',
    );
    expect((await postEvent(b, unknown)).statusCode).toBe(200);
    const event = b.stripe.state.eventFor('customer.subscription.updated', sub);
    const foreign = {
      ...event,
      id: `${event.id}x`,
      data: { object: { ...(event.data.object as object), customer: 'cus_nobody' } },
    };
    expect((await postEvent(b, foreign as typeof event)).statusCode).toBe(200);
  });

  it('trial_will_end sends the e-mail in the user’s language', async () => {
    const user = await registerUser(b.ctx, { languageId: 2 });
    const sub = (await copyOf(b, user.id)).stripe_subscription_id ?? '';
    const event = b.stripe.state.eventFor('customer.subscription.trial_will_end', sub);
    expect((await postEvent(b, event)).statusCode).toBe(200);
    await b.ctx.app.billing.idle();
    const mail = b.ctx.mailer.last(user.email);
    expect(mail?.subject).toBe('Seu período de teste do Centavo termina em breve');
    expect(mail?.text).toContain('https://app.centavo.test/configs/my-plan');
  });
});

describe('refund (7-day right of withdrawal)', () => {
  it('cancels at once and refunds the first charge; a second request is refused', async () => {
    const user = await lapsedUser();
    const sessionId = await checkout(user, 'monthly');
    b.stripe.state.completeCheckout(sessionId);
    await confirm(user, sessionId);
    const information = await info(user);
    expect(information.refundable_until).not.toBeNull();
    expect(information.invoices.some((i) => i.amount_paid === PRICES.monthly.amount)).toBe(true);

    b.stripe.clearRequests();
    const res = await api(b.ctx, 'POST', '/billing/refund', { headers: user.auth, payload: {} });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'canceled', access: 'read_only', refundable_until: null });
    const refunds = b.stripe.requests({ method: 'POST', path: '/v1/refunds' });
    expect(refunds).toHaveLength(1);
    expect(refunds[0]?.body.payment_intent).toMatch(/^pi_/);
    const again = await api(b.ctx, 'POST', '/billing/refund', { headers: user.auth, payload: {} });
    expect(again.statusCode).toBe(422);
    expect(b.stripe.requests({ method: 'POST', path: '/v1/refunds' })).toHaveLength(1);
  });

  it('is refused while there is no paid charge', async () => {
    const user = await registerUser(b.ctx);
    const res = await api(b.ctx, 'POST', '/billing/refund', { headers: user.auth, payload: {} });
    expect(res.statusCode).toBe(422);
    expect(b.stripe.requests({ method: 'POST', path: '/v1/refunds' })).toHaveLength(0);
  });
});

describe('account deletion', () => {
  it('cancels the subscription and deletes the customer', async () => {
    const user = await registerUser(b.ctx);
    const copy = await copyOf(b, user.id);
    const res = await api(b.ctx, 'DELETE', '/user', { headers: user.auth, payload: { password: PASSWORD } });
    expect(res.statusCode, res.body).toBe(204);
    expect(b.stripe.state.subscription(copy.stripe_subscription_id ?? '').status).toBe('canceled');
    expect(b.stripe.state.customers.has(copy.stripe_customer_id ?? '')).toBe(false);
  });

  it('keeps the account (503) while Stripe is away, so nobody is charged for a deleted account', async () => {
    const user = await registerUser(b.ctx);
    b.stripe.setOutage('error');
    const res = await api(b.ctx, 'DELETE', '/user', { headers: user.auth, payload: { password: PASSWORD } });
    expect(res.statusCode).toBe(503);
    b.stripe.setOutage('off');
    expect((await copyOf(b, user.id)).stripe_customer_id).toMatch(/^cus_/);
  });
});

describe('the client cannot unlock anything', () => {
  it('ignores or refuses stripe_*, status and plan fields in every body', async () => {
    const user = await lapsedUser();
    const forged = {
      stripe_customer_id: 'cus_forged',
      stripe_subscription_id: 'sub_forged',
      subscription_status: 'active',
      subscription_plan: 'yearly',
      status: 'active',
      plan: 'yearly',
      access: 'full',
      entitled: true,
      trial_end: '2099-01-01T00:00:00.000Z',
      past_due_since: new Date().toISOString(),
    };
    const calls: Array<[string, string, Record<string, unknown>]> = [
      ['PUT', '/user', { name: 'Still Lapsed', ...forged }],
      ['PUT', '/user/preferences', { language_id: 1, currency_code_id: 4, country_id: 32, ...forged }],
      ['POST', '/billing/checkout-session', { ...forged, plan: 'monthly' }],
      ['POST', '/billing/portal-session', forged],
      ['POST', '/billing/refund', forged],
      ['POST', '/billing/checkout-session/confirm', { session_id: 'cs_forged', ...forged }],
    ];
    for (const [method, url, payload] of calls) {
      await api(b.ctx, method as 'PUT', url, { headers: user.auth, payload });
    }
    const copy = await copyOf(b, user.id);
    expect(copy.subscription_status).toBe('canceled');
    expect(copy.stripe_customer_id).toMatch(/^cus_/);
    expect(copy.stripe_customer_id).not.toBe('cus_forged');
    expect(copy.subscription_plan).toBeNull();
    expect(await info(user)).toMatchObject({ access: 'read_only' });
    const register = await api(b.ctx, 'POST', '/auth/register', {
      payload: {
        name: 'X',
        email: 'forger@example.com',
        password: PASSWORD,
        password_confirmation: PASSWORD,
        ...forged,
      },
    });
    if (register.statusCode === 201) {
      const row = await b.ctx.database.db
        .selectFrom('users')
        .select(['stripe_customer_id'])
        .where('email_normalized', '=', 'forger@example.com')
        .executeTakeFirstOrThrow();
      expect(row.stripe_customer_id).not.toBe('cus_forged');
    }
  });
});

describe('billing off (self-hosted)', () => {
  it('makes no Stripe call and everybody is full', async () => {
    const off = await createTestApp();
    try {
      expect(off.app.billing.enabled).toBe(false);
      const user = await registerUser(off);
      expect(user.tokens.stripe_customer_id).toBeNull();
      const prices = await api(off, 'GET', '/stripe/prices');
      expect(prices.json()).toEqual([]);
      const res = await api(off, 'GET', '/stripe/user-information', { headers: user.auth });
      expect(res.json()).toMatchObject({ billing: false, access: 'full', entitled: true });
      const checkoutRes = await api(off, 'POST', '/billing/checkout-session', {
        headers: user.auth,
        payload: { plan: 'monthly' },
      });
      expect(checkoutRes.statusCode).toBe(404);
      // A user whose copy says canceled still writes: billing off means nobody is read-only.
      await off.database.db
        .updateTable('users')
        .set({ subscription_status: 'canceled' })
        .where('id', '=', user.id)
        .execute();
      const write = await api(off, 'POST', '/tag', { headers: user.auth, payload: { name: 'free' } });
      expect(write.statusCode).toBe(201);
      expect(b.stripe.requests()).toHaveLength(0);
    } finally {
      await off.close();
    }
  });
});
