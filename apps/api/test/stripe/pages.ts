/**
 * The hosted pages a browser test walks through instead of Stripe's: Checkout (a "Pay" button, a
 * plain form POST, no script), the customer portal (a link back) and an invoice. Paying completes
 * the session, answers 303 to its success_url and delivers the events to the webhook URL without
 * waiting, so the app meets both orders: its success page first, or the webhook first.
 */
import type { Answer } from './params.ts';
import type { Price } from './resources.ts';
import type { StripeServer } from './server.ts';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function money(cents: number, currency: string): string {
  return new Intl.NumberFormat('en', { style: 'currency', currency: currency.toUpperCase() }).format(
    cents / 100,
  );
}

function html(title: string, main: string): Answer {
  const body = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head>
<body><main>
<h1>${escapeHtml(title)}</h1>
${main}
</main></body>
</html>`;
  return { status: 200, headers: { 'content-type': 'text/html; charset=utf-8' }, body };
}

function planLine(price: Price, quantity: number): string {
  const interval = price.recurring?.interval ?? 'once';
  return `${money((price.unit_amount ?? 0) * quantity, price.currency)} per ${interval}`;
}

/** The answer for a hosted page, or undefined when the path is none of them. */
export function handlePage(server: StripeServer, method: string, path: string): Answer | undefined {
  const [, kind, id] = /^\/(checkout|portal|invoice)\/([^/]+)$/.exec(path) ?? [];
  if (kind === undefined || id === undefined) return undefined;
  const { state } = server;
  if (kind === 'checkout' && method === 'POST') {
    const session = state.checkoutSession(id);
    if (session.status === 'open') {
      const events = state.completeCheckout(id);
      if (server.webhookUrl !== undefined) void server.deliver(events);
    }
    const location = (session.success_url ?? '').replaceAll('{CHECKOUT_SESSION_ID}', session.id);
    return { status: 303, headers: { location }, body: '' };
  }
  if (method !== 'GET') return undefined;
  if (kind === 'checkout') {
    const session = state.checkoutSession(id);
    const order = state.checkoutOrder(id);
    const trial = order?.trialEnd
      ? `<p>Free trial until ${new Date(order.trialEnd * 1000).toISOString().slice(0, 10)}.</p>`
      : '';
    const cancel = session.cancel_url ? `<p><a href="${escapeHtml(session.cancel_url)}">Back</a></p>` : '';
    const pay =
      session.status === 'open'
        ? `<form method="post" action="/checkout/${escapeHtml(id)}"><button type="submit">Pay</button></form>`
        : `<p>This checkout session is ${escapeHtml(session.status ?? 'closed')}.</p>`;
    return html(
      'Checkout',
      `<p>Subscribe: ${order ? escapeHtml(planLine(order.price, order.quantity)) : ''}</p>
<p>Due today: ${escapeHtml(money(session.amount_total ?? 0, session.currency ?? 'usd'))}</p>
${trial}${pay}${cancel}`,
    );
  }
  if (kind === 'portal') {
    const session = state.portalSessions.get(id);
    if (!session) return undefined;
    const items = state
      .listSubscriptions({ customer: session.customer })
      .map((s) => `<li>${escapeHtml(s.items.data[0]?.price.id ?? '')}: ${escapeHtml(s.status)}</li>`);
    const list = items.length > 0 ? `<ul>${items.join('')}</ul>` : '<p>No subscriptions.</p>';
    const back = session.return_url ? `<p><a href="${escapeHtml(session.return_url)}">Return</a></p>` : '';
    return html('Customer portal', `${list}${back}`);
  }
  const invoice = state.invoice(id);
  return html(
    `Invoice ${invoice.number ?? invoice.id}`,
    `<p>${escapeHtml(money(invoice.amount_due, invoice.currency))}: ${escapeHtml(invoice.status ?? 'draft')}</p>`,
  );
}
