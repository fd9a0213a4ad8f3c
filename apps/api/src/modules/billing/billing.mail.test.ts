import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SmtpInbox, startSmtpInbox } from '../../../test/smtp.ts';
import { registerUser } from '../identity/identity.test-helpers.ts';
import { type BillingContext, copyOf, createBillingApp, postEvent } from './billing.test-helpers.ts';

let smtp: SmtpInbox;
let b: BillingContext;

beforeAll(async () => {
  smtp = await startSmtpInbox();
  b = await createBillingApp(smtp.env, smtp.mailer);
});

afterAll(async () => {
  await b.close();
  await smtp.close();
});

describe('billing e-mails over the real SMTP mailer', () => {
  it('trial_will_end in Portuguese and payment_failed in English reach the SMTP server once each', async () => {
    const br = await registerUser(b.ctx, { languageId: 2 });
    const trialSub = (await copyOf(b, br.id)).stripe_subscription_id ?? '';
    const willEnd = b.stripe.state.eventFor('customer.subscription.trial_will_end', trialSub);
    await Promise.all([postEvent(b, willEnd), postEvent(b, willEnd)]);

    const en = await registerUser(b.ctx, { languageId: 1 });
    const enSub = (await copyOf(b, en.id)).stripe_subscription_id ?? '';
    const failed = b.stripe.state.eventFor('invoice.payment_failed', enSub);
    // An invoice event names the customer; the subscription's state is re-read from Stripe.
    const invoiceEvent = {
      ...failed,
      type: 'invoice.payment_failed' as const,
      data: {
        object: { object: 'invoice', id: 'in_test', customer: (await copyOf(b, en.id)).stripe_customer_id },
      },
    };
    expect((await postEvent(b, invoiceEvent)).statusCode).toBe(200);
    await b.ctx.app.billing.idle();

    const toBr = smtp.messages.filter(
      (m) => m.to.includes(br.email.toLowerCase()) || m.to.includes(br.email),
    );
    const billingToBr = toBr.filter((m) => m.subject.includes('teste'));
    expect(billingToBr.map((m) => m.subject)).toEqual(['Seu período de teste do Centavo termina em breve']);
    expect(billingToBr[0]?.raw).toContain('https://app.centavo.test/configs/my-plan');
    const toEn = smtp.messages.filter((m) => m.to.includes(en.email) && m.subject.includes('payment'));
    expect(toEn.map((m) => m.subject)).toEqual(['Your Centavo payment did not go through']);
  });
});
