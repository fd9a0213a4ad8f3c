import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext, testConfig } from '../../../test/app.ts';
import { translate } from '../../lib/i18n.ts';
import { createMailer } from '../../lib/mailer.ts';
import { api, registerUser, tokenFromLink } from './identity.test-helpers.ts';

interface Received {
  to: string[];
  subject: string;
  text: string;
  html: string;
  raw: string;
}

// --- a small MIME reader, enough for what nodemailer sends (no mail parser is installed) ---
function decodeQuotedPrintable(text: string): string {
  const bytes: number[] = [];
  const joined = text.replace(/=\r?\n/g, '');
  for (let i = 0; i < joined.length; i += 1) {
    if (joined[i] === '=' && /^[0-9A-F]{2}$/i.test(joined.slice(i + 1, i + 3))) {
      bytes.push(Number.parseInt(joined.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i] ?? '', 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_, enc: string, data: string) =>
      enc.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    );
}

function splitHeaders(part: string): { headers: Record<string, string>; body: string } {
  const index = part.search(/\r?\n\r?\n/);
  const head = part.slice(0, index).replace(/\r?\n[ \t]+/g, ' ');
  const body = part.slice(index).replace(/^\r?\n\r?\n/, '');
  const headers: Record<string, string> = {};
  for (const line of head.split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body };
}

function decodeBody(headers: Record<string, string>, body: string): string {
  const encoding = (headers['content-transfer-encoding'] ?? '7bit').toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
  return body;
}

function parseMessage(raw: string, to: string[]): Received {
  const { headers, body } = splitHeaders(raw);
  const boundary = /boundary="?([^";]+)"?/.exec(headers['content-type'] ?? '')?.[1];
  let text = '';
  let html = '';
  const parts = boundary ? body.split(`--${boundary}`).slice(1, -1) : [raw];
  for (const part of parts) {
    const parsed = splitHeaders(part.replace(/^\r?\n/, ''));
    const type = parsed.headers['content-type'] ?? 'text/plain';
    const decoded = decodeBody(parsed.headers, parsed.body);
    if (type.startsWith('text/html')) html = decoded;
    else if (type.startsWith('text/plain')) text = decoded;
  }
  return { to, subject: decodeWords(headers.subject ?? ''), text, html, raw };
}

// --- the real SMTP receiver on 127.0.0.1 ---
let server: SMTPServer;
const inbox: Received[] = [];
let ctx: TestContext;

beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        inbox.push(
          parseMessage(
            Buffer.concat(chunks).toString('utf8'),
            session.envelope.rcptTo.map((r) => r.address),
          ),
        );
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  const env = { SMTP_URL: `smtp://127.0.0.1:${port}?ignoreTLS=true`, APP_NAME: 'Centavo Test' };
  const mailer = createMailer(testConfig(env), pino({ level: 'silent' }));
  ctx = await createTestApp(env, mailer);
});

afterAll(async () => {
  await ctx.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

async function waitForMail(to: string, subject: string, timeoutMs = 10_000): Promise<Received> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = inbox.find((m) => m.to.includes(to) && m.subject === subject);
    if (found) return found;
    if (Date.now() > deadline) {
      throw new Error(
        `no mail "${subject}" to ${to}; inbox: ${inbox.map((m) => `${m.to} ${m.subject}`).join('; ')}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('mail over real SMTP, in the user language', () => {
  for (const [locale, languageId, lang] of [
    ['en', 1, 'en'],
    ['br', 2, 'pt-BR'],
  ] as const) {
    it(`${locale}: verification and reset messages arrive with APP_URL links and both text and HTML`, async () => {
      const user = await registerUser(ctx, { languageId, name: 'Zé <b>&</b>' });
      const verifySubject = translate(locale, 'mail:verify.subject', { app: 'Centavo Test' });
      const verify = await waitForMail(user.email, verifySubject);
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
      const reset = await waitForMail(
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
