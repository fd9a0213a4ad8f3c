/**
 * Signing and delivering events the way Stripe does: the JSON body signed with the endpoint's secret
 * by the SDK's own `generateTestHeaderString` (so `constructEvent` in the app verifies it exactly as
 * it would a real one), POSTed with a `Stripe-Signature` header.
 */
import Stripe from 'stripe';
import type { StripeEvent } from './resources.ts';

export interface SignedEvent {
  payload: string;
  header: string;
}

export interface SignOptions {
  /** Seconds since the epoch; defaults to now. */
  timestamp?: number;
  /** Signs as of ten minutes ago, beyond the 300 s tolerance of `constructEvent`. */
  stale?: boolean;
}

export interface Delivery {
  eventId: string;
  type: string;
  /** The endpoint's HTTP status, or 0 when it could not be reached. */
  status: number;
  body: string;
}

const STALE_SECONDS = 600;

export function signEvent(event: StripeEvent, secret: string, options: SignOptions = {}): SignedEvent {
  const payload = JSON.stringify(event, null, 2);
  const timestamp = options.timestamp ?? Math.floor(Date.now() / 1000) - (options.stale ? STALE_SECONDS : 0);
  return { payload, header: Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp }) };
}

/** POSTs one signed event; `times` > 1 sends identical copies at once, as Stripe's retries can overlap. */
export async function deliverEvent(
  url: string,
  event: StripeEvent,
  secret: string,
  options: SignOptions & { times?: number } = {},
): Promise<Delivery[]> {
  const signed = signEvent(event, secret, options);
  const once = async (): Promise<Delivery> => {
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'stripe-signature': signed.header,
          'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
        },
        body: signed.payload,
      });
      return { eventId: event.id, type: event.type, status: response.status, body: await response.text() };
    } catch (error) {
      return { eventId: event.id, type: event.type, status: 0, body: String(error) };
    }
  };
  return Promise.all(Array.from({ length: options.times ?? 1 }, once));
}
