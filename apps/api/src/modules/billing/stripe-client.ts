import Stripe from 'stripe';
import type { Config } from '../../config.ts';

/** Pinned, not the account's default: the SDK's types describe exactly this version (DESIGN.md §6). */
export const STRIPE_API_VERSION = '2026-10-28.endive' satisfies Stripe.StripeConfig['apiVersion'];
/** Stripe's own recommendation for its API calls; long, so a slow answer is not taken for a failure. */
export const STRIPE_TIMEOUT_MS = 80_000;

/**
 * The one Stripe client of the server, or null when billing is off (no STRIPE_SECRET_KEY: no call is ever
 * made). One network retry: the SDK retries 409, 5xx and whatever Stripe-Should-Retry names, reusing the
 * request's idempotency key. STRIPE_API_BASE points it elsewhere (the tests' local Stripe server).
 */
export function createStripeClient(config: Config): Stripe | null {
  const { secretKey, apiBase } = config.stripe;
  if (!secretKey) return null;
  const base = apiBase ? new URL(apiBase) : undefined;
  return new Stripe(secretKey, {
    apiVersion: STRIPE_API_VERSION,
    timeout: STRIPE_TIMEOUT_MS,
    maxNetworkRetries: 1,
    telemetry: false,
    appInfo: { name: config.appName },
    ...(base
      ? {
          host: base.hostname,
          port: base.port || (base.protocol === 'http:' ? 80 : 443),
          protocol: base.protocol === 'http:' ? 'http' : 'https',
        }
      : {}),
  });
}
