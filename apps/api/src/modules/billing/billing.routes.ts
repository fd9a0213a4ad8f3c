import {
  checkoutSessionBodySchema,
  confirmCheckoutBodySchema,
  confirmCheckoutSchema,
  errorBodySchema,
  redirectUrlSchema,
  refundBodySchema,
  userInformationQuerySchema,
  userInformationSchema,
} from '@centavo/shared';
import type { App } from '../../lib/http.ts';

const tags = ['billing'];
const errors = { 401: errorBodySchema, 404: errorBodySchema, 422: errorBodySchema, 503: errorBodySchema };

/**
 * The signed-in user's billing. Every write here is `open`: a read-only user must be able to subscribe,
 * manage billing and withdraw (DESIGN.md §6); none of them writes finance data.
 */
export async function billingRoutes(app: App): Promise<void> {
  app.get(
    '/stripe/user-information',
    {
      schema: {
        summary: "The user's plan, subscription status, access and last invoices",
        operationId: 'getBillingInformation',
        tags,
        querystring: userInformationQuerySchema,
        response: { 200: userInformationSchema, ...errors },
      },
    },
    async (request) => app.billing.information(request.user.id, request.query.invoices === 'true'),
  );

  app.post(
    '/billing/checkout-session',
    {
      config: { access: 'open' },
      schema: {
        summary: 'Start Stripe Checkout for a plan',
        operationId: 'createCheckoutSession',
        tags,
        body: checkoutSessionBodySchema,
        response: { 200: redirectUrlSchema, ...errors },
      },
    },
    async (request) =>
      app.billing.checkoutSession(request.user.id, request.body.plan, request.user.languageId),
  );

  app.post(
    '/billing/checkout-session/confirm',
    {
      config: { access: 'open' },
      schema: {
        summary: 'Confirm a completed Checkout at once (the success page), without waiting for the webhook',
        operationId: 'confirmCheckoutSession',
        tags,
        body: confirmCheckoutBodySchema,
        response: { 200: confirmCheckoutSchema, ...errors },
      },
    },
    async (request) => app.billing.confirmCheckout(request.user.id, request.body.session_id, request),
  );

  app.post(
    '/billing/portal-session',
    {
      config: { access: 'open' },
      schema: {
        summary: "Open Stripe's customer portal (card, invoices, plan, pause, cancel)",
        operationId: 'createPortalSession',
        tags,
        response: { 200: redirectUrlSchema, ...errors },
      },
    },
    async (request) => app.billing.portalSession(request.user.id, request.user.languageId),
  );

  app.post(
    '/billing/refund',
    {
      config: { access: 'open' },
      schema: {
        summary: 'Cancel at once and refund the first charge (within 7 days of it)',
        operationId: 'refundSubscription',
        tags,
        body: refundBodySchema.nullish(),
        response: { 200: userInformationSchema, ...errors },
      },
    },
    async (request) => app.billing.refund(request.user.id, request),
  );
}
