/**
 * The shapes the Stripe test server answers with, and its seeded catalogue. Every resource type is
 * a `Pick` of the SDK's own type for its pinned API version, so field names and types (where
 * `current_period_end` lives, how an invoice names its subscription) are the ones the billing code
 * reads, and a field renamed by the next SDK fails `tsc` here before it fails in production.
 */
import { randomBytes } from 'node:crypto';
import type Stripe from 'stripe';

export type Product = Pick<
  Stripe.Product,
  'id' | 'object' | 'active' | 'created' | 'description' | 'livemode' | 'metadata' | 'name' | 'updated'
>;
export type Price = Pick<
  Stripe.Price,
  | 'id'
  | 'object'
  | 'active'
  | 'billing_scheme'
  | 'created'
  | 'currency'
  | 'livemode'
  | 'lookup_key'
  | 'metadata'
  | 'nickname'
  | 'product'
  | 'recurring'
  | 'tax_behavior'
  | 'type'
  | 'unit_amount'
>;
export type Customer = Pick<
  Stripe.Customer,
  | 'id'
  | 'object'
  | 'balance'
  | 'created'
  | 'currency'
  | 'default_source'
  | 'delinquent'
  | 'description'
  | 'email'
  | 'invoice_prefix'
  | 'invoice_settings'
  | 'livemode'
  | 'metadata'
  | 'name'
  | 'next_invoice_sequence'
  | 'phone'
  | 'preferred_locales'
  | 'shipping'
  | 'tax_exempt'
>;
export interface List<T> {
  object: 'list';
  data: T[];
  has_more: boolean;
  url: string;
}
// This API version keeps the billing period on each item, not on the subscription.
export type SubscriptionItem = Pick<
  Stripe.SubscriptionItem,
  | 'id'
  | 'object'
  | 'created'
  | 'current_period_end'
  | 'current_period_start'
  | 'discounts'
  | 'metadata'
  | 'quantity'
  | 'subscription'
  | 'tax_rates'
> & { price: Price };
export type Subscription = Pick<
  Stripe.Subscription,
  | 'id'
  | 'object'
  | 'billing_cycle_anchor'
  | 'cancel_at'
  | 'cancel_at_period_end'
  | 'canceled_at'
  | 'cancellation_details'
  | 'collection_method'
  | 'created'
  | 'currency'
  | 'customer'
  | 'default_payment_method'
  | 'description'
  | 'ended_at'
  | 'latest_invoice'
  | 'livemode'
  | 'metadata'
  | 'pause_collection'
  | 'start_date'
  | 'status'
  | 'trial_end'
  | 'trial_settings'
  | 'trial_start'
> & { items: List<SubscriptionItem> };
// This API version names an invoice's subscription under `parent.subscription_details` and its
// payments under the includable `payments` (no `subscription`, `charge` or `payment_intent` fields).
export type Invoice = Pick<
  Stripe.Invoice,
  | 'id'
  | 'object'
  | 'amount_due'
  | 'amount_paid'
  | 'amount_remaining'
  | 'attempt_count'
  | 'attempted'
  | 'billing_reason'
  | 'collection_method'
  | 'created'
  | 'currency'
  | 'customer'
  | 'customer_email'
  | 'customer_name'
  | 'description'
  | 'hosted_invoice_url'
  | 'invoice_pdf'
  | 'livemode'
  | 'metadata'
  | 'next_payment_attempt'
  | 'number'
  | 'parent'
  | 'period_end'
  | 'period_start'
  | 'status'
  | 'status_transitions'
  | 'subtotal'
  | 'total'
>;
export type InvoicePayment = Pick<
  Stripe.InvoicePayment,
  | 'id'
  | 'object'
  | 'amount_paid'
  | 'amount_requested'
  | 'created'
  | 'currency'
  | 'invoice'
  | 'is_default'
  | 'livemode'
  | 'payment'
  | 'status'
  | 'status_transitions'
>;
export type PaymentIntent = Pick<
  Stripe.PaymentIntent,
  | 'id'
  | 'object'
  | 'amount'
  | 'amount_received'
  | 'created'
  | 'currency'
  | 'customer'
  | 'description'
  | 'latest_charge'
  | 'livemode'
  | 'metadata'
  | 'payment_method'
  | 'status'
>;
export type Charge = Pick<
  Stripe.Charge,
  | 'id'
  | 'object'
  | 'amount'
  | 'amount_captured'
  | 'amount_refunded'
  | 'captured'
  | 'created'
  | 'currency'
  | 'customer'
  | 'description'
  | 'disputed'
  | 'failure_code'
  | 'failure_message'
  | 'livemode'
  | 'metadata'
  | 'paid'
  | 'payment_intent'
  | 'payment_method'
  | 'receipt_url'
  | 'refunded'
  | 'status'
>;
export type Refund = Pick<
  Stripe.Refund,
  | 'id'
  | 'object'
  | 'amount'
  | 'charge'
  | 'created'
  | 'currency'
  | 'metadata'
  | 'payment_intent'
  | 'reason'
  | 'status'
>;
export type CheckoutSession = Pick<
  Stripe.Checkout.Session,
  | 'id'
  | 'object'
  | 'amount_subtotal'
  | 'amount_total'
  | 'cancel_url'
  | 'client_reference_id'
  | 'created'
  | 'currency'
  | 'customer'
  | 'customer_email'
  | 'expires_at'
  | 'invoice'
  | 'livemode'
  | 'locale'
  | 'metadata'
  | 'mode'
  | 'payment_status'
  | 'status'
  | 'subscription'
  | 'success_url'
  | 'url'
>;
export type PortalConfiguration = Pick<
  Stripe.BillingPortal.Configuration,
  | 'id'
  | 'object'
  | 'active'
  | 'business_profile'
  | 'created'
  | 'default_return_url'
  | 'features'
  | 'is_default'
  | 'livemode'
  | 'login_page'
  | 'metadata'
  | 'name'
  | 'updated'
>;
export type PortalSession = Pick<
  Stripe.BillingPortal.Session,
  | 'id'
  | 'object'
  | 'configuration'
  | 'created'
  | 'customer'
  | 'flow'
  | 'livemode'
  | 'locale'
  | 'on_behalf_of'
  | 'return_url'
  | 'url'
>;
export interface StripeEvent {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  data: { object: unknown; previous_attributes?: Record<string, unknown> };
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
  type: Stripe.Event.Type;
}

export type Metadata = Record<string, string>;
/** `metadata[k]=v` merges, `metadata[k]=` deletes k, `metadata=` clears: Stripe's rules. */
export type MetadataChange = Metadata | 'clear';
export type MissingPaymentMethod = 'cancel' | 'create_invoice' | 'pause';

export interface CustomerFields {
  email?: string | null;
  name?: string | null;
  description?: string | null;
  phone?: string | null;
  metadata?: MetadataChange;
  preferredLocales?: string[];
  defaultPaymentMethod?: string | null;
}
export interface NewSubscription {
  customer: string;
  items: { price: string; quantity?: number }[];
  trialEnd?: number | 'now';
  trialPeriodDays?: number;
  missingPaymentMethod?: MissingPaymentMethod;
  metadata?: MetadataChange;
  defaultPaymentMethod?: string;
  description?: string;
  cancelAtPeriodEnd?: boolean;
}
export interface SubscriptionChanges {
  cancelAtPeriodEnd?: boolean;
  items?: { id?: string; price?: string; quantity?: number; deleted?: boolean }[];
  pauseCollection?: { behavior: string; resumesAt: number | null } | null;
  metadata?: MetadataChange;
  trialEnd?: number | 'now';
  defaultPaymentMethod?: string | null;
  description?: string | null;
  cancellationComment?: string | null;
}
export interface NewCheckoutSession {
  mode: string;
  customer?: string;
  customerEmail?: string;
  lineItems: { price: string; quantity: number }[];
  successUrl: string;
  cancelUrl?: string;
  trialEnd?: number;
  trialPeriodDays?: number;
  subscriptionMetadata?: MetadataChange;
  metadata?: MetadataChange;
  clientReferenceId?: string;
  locale?: string;
}
export interface NewRefund {
  charge?: string;
  paymentIntent?: string;
  amount?: number;
  reason?: string;
  metadata?: MetadataChange;
}
export interface Page {
  limit?: number;
  startingAfter?: string;
}

/** Seeded plans, with stable ids so a separate app process can be configured before this one starts. */
export const PRODUCT_ID = 'prod_centavo';
export const PRICES = {
  monthly: { id: 'price_centavo_monthly', lookupKey: 'centavo_monthly', amount: 1990, interval: 'month' },
  yearly: { id: 'price_centavo_yearly', lookupKey: 'centavo_yearly', amount: 19900, interval: 'year' },
} as const;

export const DAY = 86_400;
// Checkout refuses a subscription trial ending sooner than this (SessionCreateParams docs: "at least 48
// hours in the future"), so the billing code must handle a trial with less than two days left.
export const CHECKOUT_MIN_TRIAL_SECONDS = 2 * DAY;

export function newId(prefix: string): string {
  return `${prefix}_${randomBytes(18).toString('base64url').replace(/[-_]/g, '').slice(0, 24)}`;
}

export function unixNow(): number {
  return Math.floor(Date.now() / 1000);
}

export function addInterval(start: number, price: Price): number {
  const date = new Date(start * 1000);
  const count = price.recurring?.interval_count ?? 1;
  switch (price.recurring?.interval) {
    case 'day':
      date.setUTCDate(date.getUTCDate() + count);
      break;
    case 'week':
      date.setUTCDate(date.getUTCDate() + 7 * count);
      break;
    case 'year':
      date.setUTCFullYear(date.getUTCFullYear() + count);
      break;
    default:
      date.setUTCMonth(date.getUTCMonth() + count);
  }
  return Math.floor(date.getTime() / 1000);
}

export function applyMetadata(current: Metadata, change: MetadataChange | undefined): Metadata {
  if (change === undefined) return current;
  if (change === 'clear') return {};
  const next = { ...current };
  for (const [key, value] of Object.entries(change)) {
    if (value === '') delete next[key];
    else next[key] = value;
  }
  return next;
}
