/**
 * The control API: what an in-process test calls on the server object, over HTTP (JSON) for a test
 * in another process (Playwright driving the CLI). Actions answer `{events, deliveries}`: the
 * events Stripe emitted and, when a webhook URL is set, how the app answered each delivery.
 */
import type Stripe from 'stripe';
import { z } from 'zod';
import { type Answer, json, StripeApiError } from './params.ts';
import type { StripeEvent } from './resources.ts';
import type { StripeServer } from './server.ts';

interface Context {
  id: string;
  body: unknown;
  search: URLSearchParams;
}
type Action = (server: StripeServer, context: Context) => Answer | Promise<Answer>;

const deliveryOptions = z.strictObject({
  times: z.number().int().min(1).max(20).optional(),
  stale: z.boolean().optional(),
});
const eventTypes = [
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'customer.subscription.paused',
  'customer.subscription.resumed',
  'customer.subscription.trial_will_end',
  'customer.updated',
  'customer.deleted',
  'invoice.paid',
  'invoice.payment_failed',
] as const satisfies readonly Stripe.Event.Type[];
const statuses = [
  'active',
  'canceled',
  'incomplete',
  'incomplete_expired',
  'past_due',
  'paused',
  'trialing',
  'unpaid',
] as const satisfies readonly Stripe.Subscription.Status[];

async function acted(
  server: StripeServer,
  events: StripeEvent[],
  options: z.infer<typeof deliveryOptions> = {},
): Promise<Answer> {
  const deliveries = server.webhookUrl === undefined ? [] : await server.deliver(events, options);
  return json(200, { events, deliveries });
}

const actions: [method: string, path: string, action: Action][] = [
  [
    'GET',
    '/_control/requests',
    (server, { search }) =>
      json(
        200,
        server.requests({ method: search.get('method') ?? undefined, path: search.get('path') ?? undefined }),
      ),
  ],
  [
    'DELETE',
    '/_control/requests',
    (server) => {
      server.clearRequests();
      return json(200, {});
    },
  ],
  [
    'POST',
    '/_control/outage',
    (server, { body }) => {
      const { mode, requests } = z
        .strictObject({
          mode: z.enum(['off', 'error', 'close']),
          requests: z.number().int().positive().optional(),
        })
        .parse(body);
      server.setOutage(mode, { requests });
      return json(200, { mode });
    },
  ],
  [
    'POST',
    '/_control/webhook',
    (server, { body }) => {
      const { url, secret } = z
        .strictObject({ url: z.url(), secret: z.string().min(1).optional() })
        .parse(body);
      server.webhookUrl = url;
      if (secret !== undefined) server.webhookSecret = secret;
      return json(200, { url });
    },
  ],
  ['GET', '/_control/state', (server) => json(200, server.state.snapshot())],
  ['GET', '/_control/events', (server) => json(200, server.state.events)],
  ['GET', '/_control/deliveries', (server) => json(200, server.deliveries)],
  [
    'POST',
    '/_control/reset',
    (server) => {
      server.reset();
      return json(200, {});
    },
  ],
  [
    'POST',
    '/_control/subscriptions/:id/cancel',
    (server, { id }) =>
      acted(
        server,
        server.state.eventsOf(() => server.state.cancelSubscription(id)),
      ),
  ],
  [
    'POST',
    '/_control/subscriptions/:id/advance-trial',
    (server, { id }) => acted(server, server.state.advanceTrialEnd(id)),
  ],
  [
    'POST',
    '/_control/subscriptions/:id/status',
    (server, { id, body }) => {
      const { status } = z.strictObject({ status: z.enum(statuses) }).parse(body);
      return acted(server, server.state.setSubscriptionStatus(id, status));
    },
  ],
  [
    'POST',
    '/_control/subscriptions/:id/renew',
    (server, { id, body }) => {
      const { outcome } = z.strictObject({ outcome: z.enum(['paid', 'failed']) }).parse(body);
      return acted(server, server.state.renewSubscription(id, outcome));
    },
  ],
  ['POST', '/_control/invoices/:id/pay', (server, { id }) => acted(server, server.state.payInvoice(id))],
  ['POST', '/_control/invoices/:id/fail', (server, { id }) => acted(server, server.state.failInvoice(id))],
  [
    'POST',
    '/_control/checkout/sessions/:id/complete',
    (server, { id }) => acted(server, server.state.completeCheckout(id)),
  ],
  [
    'POST',
    '/_control/events',
    (server, { body }) => {
      const { type, object, ...options } = deliveryOptions
        .extend({ type: z.enum(eventTypes), object: z.string().min(1) })
        .parse(body);
      return acted(server, [server.state.eventFor(type, object)], options);
    },
  ],
  [
    'POST',
    '/_control/events/:id/deliver',
    (server, { id, body }) => {
      const event = server.state.events.find((candidate) => candidate.id === id);
      if (!event)
        return json(404, { error: { type: 'invalid_request_error', message: `No such event: '${id}'` } });
      return acted(server, [event], deliveryOptions.parse(body));
    },
  ],
];

export async function handleControl(
  server: StripeServer,
  method: string,
  path: string,
  search: URLSearchParams,
  raw: string,
): Promise<Answer> {
  for (const [actionMethod, pattern, action] of actions) {
    const match = new RegExp(`^${pattern.replace(':id', '([^/]+)')}$`).exec(path);
    if (actionMethod !== method || !match) continue;
    try {
      const body: unknown = raw === '' ? {} : JSON.parse(raw);
      return await action(server, { id: decodeURIComponent(match[1] ?? ''), body, search });
    } catch (error) {
      if (error instanceof StripeApiError) return json(error.status, error.body());
      if (error instanceof z.ZodError || error instanceof SyntaxError) {
        const message = error instanceof z.ZodError ? z.prettifyError(error) : error.message;
        return json(400, { error: { type: 'invalid_request_error', message } });
      }
      throw error;
    }
  }
  return json(404, {
    error: { type: 'invalid_request_error', message: `No control action ${method} ${path}` },
  });
}
