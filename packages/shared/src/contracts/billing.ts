import { z } from 'zod';
import { PLANS } from '../constants.ts';
import { timestampSchema } from './common.ts';

/** Days a past_due subscription keeps full access (DESIGN.md §6). */
export const PAST_DUE_GRACE_DAYS = 3;
/** Brazil's right of withdrawal: days after the first paid charge in which it is refunded on request. */
export const REFUND_WINDOW_DAYS = 7;

/** full: may write finance data; read_only: may read, export and manage the account and billing. */
export const ACCESS_LEVELS = ['full', 'read_only'] as const;
export type AccessLevel = (typeof ACCESS_LEVELS)[number];

const planSchema = z.enum(PLANS).meta({ example: 'monthly' });

export const priceSchema = z.object({
  plan: planSchema,
  price_id: z.string().meta({ example: 'price_1Q2w3E4r5T6y7U8i' }),
  amount: z.number().int().meta({ description: 'Minor units (cents)', example: 1990 }),
  currency: z.string().meta({ description: 'ISO 4217, lower case as Stripe sends it', example: 'brl' }),
  interval: z.enum(['day', 'week', 'month', 'year']).meta({ example: 'month' }),
});
export type PlanPrice = z.infer<typeof priceSchema>;
export const priceListSchema = z.array(priceSchema);

export const billingInvoiceSchema = z.object({
  number: z.string().nullable().meta({ example: 'CENT-0001' }),
  amount_paid: z.number().int().meta({ example: 1990 }),
  currency: z.string().meta({ example: 'brl' }),
  status: z.string().nullable().meta({ example: 'paid' }),
  hosted_invoice_url: z.string().nullable().meta({ example: 'https://invoice.stripe.com/i/acct_1/test_1' }),
  created: timestampSchema,
});
export type BillingInvoice = z.infer<typeof billingInvoiceSchema>;

export const userInformationSchema = z.object({
  billing: z.boolean().meta({ description: 'false on a self-hosted instance (no STRIPE_SECRET_KEY)' }),
  plan: planSchema.nullable(),
  status: z.string().nullable().meta({
    description: "Stripe's subscription status (trialing, active, past_due, canceled…)",
    example: 'trialing',
  }),
  trial_end: timestampSchema.nullable(),
  current_period_end: timestampSchema.nullable(),
  cancel_at_period_end: z.boolean(),
  entitled: z.boolean(),
  access: z.enum(ACCESS_LEVELS).meta({ example: 'full' }),
  /** Until when "cancel and refund" is offered; null when it is not. */
  refundable_until: timestampSchema.nullable(),
  invoices: z.array(billingInvoiceSchema),
});
export type UserInformation = z.infer<typeof userInformationSchema>;

export const userInformationQuerySchema = z.object({
  /** `false`: the subscription only, no call to Stripe for invoices (the layout's banner asks this way). */
  invoices: z.enum(['true', 'false']).default('true').meta({ example: 'false' }),
});

export const checkoutSessionBodySchema = z.strictObject({ plan: planSchema });
export type CheckoutSessionBody = z.infer<typeof checkoutSessionBodySchema>;

export const redirectUrlSchema = z.object({
  url: z.string().meta({ example: 'https://checkout.stripe.com/c/pay/cs_test_a1b2c3' }),
});

export const confirmCheckoutBodySchema = z.strictObject({
  session_id: z
    .string()
    .min(1)
    .max(255)
    .regex(/^cs_[A-Za-z0-9_]+$/)
    .meta({ example: 'cs_test_a1b2c3' }),
});
export type ConfirmCheckoutBody = z.infer<typeof confirmCheckoutBodySchema>;

export const confirmCheckoutSchema = z.object({
  confirmed: z
    .boolean()
    .meta({ description: 'The session is complete and the subscription is now the user’s' }),
  /** CHECKOUT_THANK_YOU_URL_MONTHLY|YEARLY, when set: where the browser goes next. */
  thank_you_url: z.string().nullable(),
  information: userInformationSchema,
});
export type ConfirmCheckout = z.infer<typeof confirmCheckoutSchema>;

export const refundBodySchema = z.strictObject({});

export const webhookAnswerSchema = z.object({ received: z.boolean() });
