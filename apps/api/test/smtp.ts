import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { SMTPServer } from 'smtp-server';
import { createMailer, type Mailer } from '../src/lib/mailer.ts';
import { testConfig } from './app.ts';

/*
 * A real SMTP receiver on 127.0.0.1 for the tests of real delivery (the other tests keep mail in memory:
 * MemoryMailer in app.ts), and what it received, parsed.
 */

export interface Received {
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

export interface SmtpInbox {
  messages: Received[];
  /** The app's environment for this receiver (SMTP_URL and the `env` given). */
  env: Record<string, string>;
  /** The app's real mailer, sending here. */
  mailer: Mailer;
  /** The first message to `to` with that subject, waiting for it up to `timeoutMs`. */
  waitFor(to: string, subject: string, timeoutMs?: number): Promise<Received>;
  close(): Promise<void>;
}

export async function startSmtpInbox(env: Record<string, string> = {}): Promise<SmtpInbox> {
  const messages: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((r) => r.address);
        messages.push(parseMessage(Buffer.concat(chunks).toString('utf8'), to));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  const appEnv = { SMTP_URL: `smtp://127.0.0.1:${port}?ignoreTLS=true`, ...env };
  return {
    messages,
    env: appEnv,
    mailer: createMailer(testConfig(appEnv), pino({ level: 'silent' })),
    async waitFor(to, subject, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = messages.find((m) => m.to.includes(to) && m.subject === subject);
        if (found) return found;
        if (Date.now() > deadline) {
          const seen = messages.map((m) => `${m.to} ${m.subject}`).join('; ');
          throw new Error(`no mail "${subject}" to ${to}; inbox: ${seen}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
