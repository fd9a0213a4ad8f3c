import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Transporter } from 'nodemailer';
import type { Config } from '../config.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** The action link in the message, logged when mail goes to the outbox folder. */
  link?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

type Nodemailer = typeof import('nodemailer')['default'];

/** nodemailer is imported with the first message: most requests never send mail, and start-up stays short. */
function lazyTransport(create: (nodemailer: Nodemailer) => Transporter): () => Promise<Transporter> {
  let transport: Promise<Transporter> | undefined;
  return () => {
    transport ??= import('nodemailer').then((module) => create(module.default));
    return transport;
  };
}

/**
 * SMTP when SMTP_URL is set; otherwise each message becomes one RFC 822 .eml file in DATA_DIR/outbox and its
 * link is logged, so a self-hosted install without mail still works and nothing is dropped silently.
 */
export function createMailer(config: Config, log: FastifyBaseLogger): Mailer {
  if (config.smtpUrl) {
    const url = new URL(config.smtpUrl);
    const transport = lazyTransport((nodemailer) =>
      nodemailer.createTransport({
        host: url.hostname,
        port: Number(url.port || (url.protocol === 'smtps:' ? 465 : 587)),
        secure: url.protocol === 'smtps:',
        ignoreTLS: url.searchParams.get('ignoreTLS') === 'true',
        auth: url.username
          ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) }
          : undefined,
      }),
    );
    return {
      async send(message) {
        await (await transport()).sendMail({ from: config.mailFrom, ...message });
      },
    };
  }
  const outbox = join(config.dataDir, 'outbox');
  const transport = lazyTransport((nodemailer) =>
    nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }),
  );
  return {
    async send(message) {
      const info = await (await transport()).sendMail({ from: config.mailFrom, ...message });
      mkdirSync(outbox, { recursive: true });
      const file = join(
        outbox,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}.eml`,
      );
      writeFileSync(file, info.message as Buffer);
      log.info({ file, to: message.to, link: message.link }, `mail written to outbox: ${message.subject}`);
    },
  };
}
