import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../../test/app.ts';
import { createMailer } from '../../lib/mailer.ts';
import { registerUser } from '../identity/identity.test-helpers.ts';
import { type BillingContext, copyOf, createBillingApp, postEvent } from './billing.test-helpers.ts';

/** RFC 2047 encoded words (nodemailer's Q or B encoding of a non-ASCII subject) back to text. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_, encoding: string, data: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : Buffer.from(
            data
              .replace(/_/g, ' ')
              .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) =>
                String.fromCharCode(Number.parseInt(hex, 16)),
              ),
            'latin1',
          ).toString('utf8'),
    );
}

interface Received {
  to: string[];
  subject: string;
  raw: string;
}

let server: SMTPServer;
const inbox: Received[] = [];
let b: BillingContext;

beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const head = raw.slice(0, raw.search(/\r?\n\r?\n/)).replace(/\r?\n[ \t]+/g, ' ');
        const subject = /^subject: (.*)$/im.exec(head)?.[1] ?? '';
        inbox.push({ to: session.envelope.rcptTo.map((r) => r.address), subject: decodeWords(subject), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  const env = { SMTP_URL: `smtp://127.0.0.1:${port}?ignoreTLS=true` };
  b = await createBillingApp(env, createMailer(testConfig(env), pino({ level: 'silent' })));
});

afterAll(async () => {
  await b.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
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

    const toBr = inbox.filter((m) => m.to.includes(br.email.toLowerCase()) || m.to.includes(br.email));
    const billingToBr = toBr.filter((m) => m.subject.includes('teste'));
    expect(billingToBr.map((m) => m.subject)).toEqual(['Seu período de teste do Centavo termina em breve']);
    expect(billingToBr[0]?.raw).toContain('https://app.centavo.test/configs/my-plan');
    const toEn = inbox.filter((m) => m.to.includes(en.email) && m.subject.includes('payment'));
    expect(toEn.map((m) => m.subject)).toEqual(['Your Centavo payment did not go through']);
  });
});
