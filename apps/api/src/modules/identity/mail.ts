import type { LocaleCode } from '@centavo/shared';
import type { FastifyBaseLogger } from 'fastify';
import { translate } from '../../lib/i18n.ts';
import type { Mailer, MailMessage } from '../../lib/mailer.ts';

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);
}

export interface MailContent {
  /** The message's texts: `<namespace>:<kind>.subject|intro|action|ignore`. */
  kind: 'verify' | 'reset' | 'registerAttempt' | `mail.${string}`;
  /** The catalogue namespace of the kind's texts (`mail` unless a feature keeps its own, e.g. `billing`). */
  namespace?: string;
  locale: LocaleCode;
  appName: string;
  to: string;
  name: string;
  /** The action link; always built from APP_URL, never from request headers. */
  link: string;
  /** registerAttempt: the forgot-password page. */
  secondaryLink?: string;
  params?: Record<string, string | number>;
}

/** Every text comes from the mail catalogue (en/br); the HTML version escapes what the user typed (name). */
export function composeMail(content: MailContent): MailMessage {
  const { kind, locale } = content;
  const params = { app: content.appName, ...content.params };
  const t = (key: string, extra: Record<string, string | number> = {}) =>
    translate(locale, `mail:${key}`, { ...params, ...extra });
  const own = (key: string) =>
    content.namespace
      ? translate(locale, `${content.namespace}:${kind}.${key}`, params)
      : t(`${kind}.${key}`);
  const subject = own('subject');
  const greeting = t('greeting', { name: content.name });
  const intro = own('intro');
  const action = own('action');
  const ignore = own('ignore');
  const signature = t('signature');
  const forgot = content.secondaryLink ? t('registerAttempt.forgot') : undefined;

  const text = [
    greeting,
    '',
    intro,
    '',
    `${action}: ${content.link}`,
    ...(forgot ? ['', `${forgot} ${content.secondaryLink}`] : []),
    '',
    ignore,
    '',
    signature,
    '',
  ].join('\n');

  // Escape everything, also catalogue texts: translate() fills in {name}, which the user typed.
  const e = escapeHtml;
  const lang = locale === 'br' ? 'pt-BR' : 'en';
  const html = `<!doctype html>
<html lang="${lang}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${e(subject)}</title></head>
<body style="margin:0;padding:24px;background:#f6f7f9;color:#1a1b1e;font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5">
<main style="max-width:560px;margin:0 auto;background:#ffffff;padding:24px;border-radius:8px">
<p>${e(greeting)}</p>
<p>${e(intro)}</p>
<p><a href="${e(content.link)}" style="display:inline-block;padding:12px 20px;background:#1864ab;color:#ffffff;text-decoration:underline;border-radius:6px;font-weight:bold">${e(action)}</a></p>
<p style="font-size:14px">${e(t('linkHint'))}<br><a href="${e(content.link)}" style="color:#1864ab;word-break:break-all">${e(content.link)}</a></p>
${forgot && content.secondaryLink ? `<p>${e(forgot)} <a href="${e(content.secondaryLink)}" style="color:#1864ab">${e(content.secondaryLink)}</a></p>\n` : ''}<p style="font-size:14px;color:#495057">${e(ignore)}</p>
<p>${e(signature)}</p>
</main>
</body>
</html>
`;
  return { to: content.to, subject, text, html, link: content.link };
}

/**
 * Sends without making the request wait: a known address (mail sent) must answer as fast as an unknown one
 * (no mail), and a slow SMTP server must not hold a sign-up. Failures are logged, never silent; pending
 * sends are awaited when the app closes.
 */
export class MailOutbox {
  readonly #pending = new Set<Promise<void>>();
  readonly #mailer: Mailer;
  readonly #log: FastifyBaseLogger;

  constructor(mailer: Mailer, log: FastifyBaseLogger) {
    this.#mailer = mailer;
    this.#log = log;
  }

  enqueue(message: MailMessage): void {
    const sending = this.#mailer
      .send(message)
      .catch((error: unknown) => {
        this.#log.error({ err: error, subject: message.subject }, 'could not send e-mail');
      })
      .finally(() => this.#pending.delete(sending));
    this.#pending.add(sending);
  }

  async idle(): Promise<void> {
    while (this.#pending.size > 0) await Promise.all([...this.#pending]);
  }
}
