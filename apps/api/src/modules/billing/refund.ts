import type { UserInformation } from '@centavo/shared';
import type Stripe from 'stripe';
import { validationError } from '../../lib/errors.ts';
import type { LogRequest } from '../identity/account-logs.ts';
import { findUserById } from '../identity/users.repository.ts';
import { type BillingContext, isMissing, stripeOf, unavailable } from './context.ts';
import { information, refundableInvoice } from './information.ts';
import { ensureOrUnavailable, readBest, writeCopy } from './subscription.ts';

/**
 * POST /billing/refund: within seven days of the first paid charge, the subscription ends at once and
 * that charge is refunded (Brazil's right of withdrawal).
 */
export async function refund(
  ctx: BillingContext,
  userId: number,
  request: LogRequest,
): Promise<UserInformation> {
  const stripe = stripeOf(ctx);
  const { customer } = await ensureOrUnavailable(ctx, userId);
  let invoices: Stripe.Invoice[];
  try {
    invoices = (await stripe.invoices.list({ customer, status: 'paid', limit: 100 })).data;
  } catch (error) {
    throw unavailable(ctx, error);
  }
  const refundable = refundableInvoice(invoices);
  const user = await findUserById(ctx.db, userId);
  if (!refundable || !user || user.subscription_status === 'canceled') {
    throw validationError({ refund: 'refundNotEligible' }, 'refundNotEligible');
  }
  try {
    const payments = await stripe.invoicePayments.list({ invoice: refundable.invoice.id, limit: 10 });
    const intent = payments.data.find((p) => p.status === 'paid')?.payment.payment_intent;
    const paymentIntent = typeof intent === 'string' ? intent : intent?.id;
    if (!paymentIntent) throw validationError({ refund: 'refundNotEligible' }, 'refundNotEligible');
    const subscription = refundable.invoice.parent?.subscription_details?.subscription;
    const subscriptionId = typeof subscription === 'string' ? subscription : subscription?.id;
    if (subscriptionId) {
      await stripe.subscriptions.cancel(subscriptionId).catch((error: unknown) => {
        if (!isMissing(error)) throw error;
      });
    }
    await stripe.refunds.create(
      {
        payment_intent: paymentIntent,
        reason: 'requested_by_customer',
        metadata: { user_id: String(userId) },
      },
      { idempotencyKey: `centavo-refund-${refundable.invoice.id}` },
    );
    await writeCopy(ctx, userId, await readBest(ctx, customer), request, 'refund');
  } catch (error) {
    throw unavailable(ctx, error);
  }
  return information(ctx, userId);
}
