import {
  type BillingInvoice,
  type Plan,
  REFUND_WINDOW_DAYS,
  TRIAL_DAYS,
  type UserInformation,
} from '@centavo/shared';
import type Stripe from 'stripe';
import { AppError, notFound } from '../../lib/errors.ts';
import { findUserById, type UserRow } from '../identity/users.repository.ts';
import { type BillingContext, DAY_MS } from './context.ts';
import { accessOf } from './entitlement.ts';
import { ensureCustomer } from './subscription.ts';

const INVOICES_SHOWN = 12;

/** GET /stripe/user-information. */
export async function information(
  ctx: BillingContext,
  userId: number,
  withInvoices = true,
): Promise<UserInformation> {
  if (!ctx.stripe) {
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
    const ensured = await ensureCustomer(ctx, userId);
    user = ensured.user;
    if (withInvoices) {
      const list = await ctx.stripe.invoices.list({
        customer: ensured.customer,
        limit: INVOICES_SHOWN,
      });
      invoices = list.data;
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    // Stripe away: the server's copy still answers (billing errors never block the page).
    ctx.log.warn({ err: error, userId }, 'stripe: user information without Stripe');
    const row = await findUserById(ctx.db, userId);
    if (!row) throw notFound();
    user = row;
  }
  const fresh = (await findUserById(ctx.db, userId)) ?? user;
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

/** The first paid charge, when it is the only one and less than seven days old. */
export function refundableInvoice(
  invoices: Stripe.Invoice[],
): { invoice: Stripe.Invoice; until: string } | null {
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
