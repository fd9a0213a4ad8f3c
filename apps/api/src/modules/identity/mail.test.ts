import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/app.ts';
import { type SmtpInbox, startSmtpInbox } from '../../../test/smtp.ts';
import { translate } from '../../lib/i18n.ts';
import { api, registerUser, tokenFromLink } from './identity.test-helpers.ts';

let smtp: SmtpInbox;
let ctx: TestContext;

beforeAll(async () => {
  smtp = await startSmtpInbox({ APP_NAME: 'Centavo Test' });
  ctx = await createTestApp(smtp.env, smtp.mailer);
});

afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

describe('mail over real SMTP, in the user language', () => {
  for (const [locale, languageId, lang] of [
    ['en', 1, 'en'],
    ['br', 2, 'pt-BR'],
  ] as const) {
    it(`${locale}: verification and reset messages arrive with APP_URL links and both text and HTML`, async () => {
      const user = await registerUser(ctx, { languageId, name: 'Zé <b>&</b>' });
      const verifySubject = translate(locale, 'mail:verify.subject', { app: 'Centavo Test' });
      const verify = await smtp.waitFor(user.email, verifySubject);
      expect(verify.subject).toContain('Centavo Test');
      expect(verify.text).toContain(translate(locale, 'mail:verify.action', {}));
      expect(verify.text).toContain(translate(locale, 'mail:greeting', { name: 'Zé <b>&</b>' }));
      const link = /https:\/\/app\.centavo\.test\/auth\/verify-email\?token=[A-Za-z0-9_-]+/.exec(
        verify.text,
      )?.[0];
      expect(link).toEqual(expect.stringContaining('/auth/verify-email?token='));
      expect(verify.html).toContain(`<html lang="${lang}">`);
      expect(verify.html).toContain(`href="${link}"`);
      // What the user typed is escaped in the HTML version.
      expect(verify.html).toContain('Zé &lt;b&gt;&amp;&lt;/b&gt;');
      expect(verify.html).not.toContain('<b>&</b>');
      expect(verify.raw).toMatch(/^From: .*no-reply@centavo\.local/m);
      const verified = await api(ctx, 'POST', '/auth/verify-email', {
        payload: { token: tokenFromLink(link) },
      });
      expect(verified.statusCode).toBe(200);

      await api(ctx, 'POST', '/auth/forgot-password', {
        payload: { email: user.email },
        headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example' },
      });
      const reset = await smtp.waitFor(
        user.email,
        translate(locale, 'mail:reset.subject', { app: 'Centavo Test' }),
      );
      expect(reset.text).toContain(
        translate(locale, 'mail:reset.intro', { app: 'Centavo Test', minutes: 60 }),
      );
      expect(reset.raw).not.toContain('evil.example');
      const resetLink = /https:\/\/app\.centavo\.test\/auth\/reset-password\?token=[A-Za-z0-9_-]+/.exec(
        reset.text,
      )?.[0];
      expect(reset.html).toContain(`href="${resetLink}"`);
      const done = await api(ctx, 'POST', '/auth/reset-password', {
        payload: {
          token: tokenFromLink(resetLink),
          password: 'from the mailbox 1',
          password_confirmation: 'from the mailbox 1',
        },
      });
      expect(done.statusCode).toBe(200);
    });
  }
});
