import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from '@playwright/test';

/** Without SMTP_URL the server writes each mail to DATA_DIR/outbox as an .eml file (DESIGN §1). */
function outboxDir(): string {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error('E2E_DATA_DIR is not set (see playwright.config.ts)');
  return join(dir, 'outbox');
}

function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

function mails(): { file: string; text: string }[] {
  let files: string[] = [];
  try {
    files = readdirSync(outboxDir()).filter((f) => f.endsWith('.eml'));
  } catch {
    return [];
  }
  return files
    .sort()
    .map((file) => ({ file, text: decodeQuotedPrintable(readFileSync(join(outboxDir(), file), 'utf8')) }));
}

/** Waits for the newest mail to `to` containing a link to `path`, and returns that link. */
export async function linkFromMail(to: string, path: string, after = 0): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      () => {
        const found = mails()
          .slice(after)
          .filter((m) => new RegExp(`^To: .*${to.replace(/[.+]/g, '\\$&')}`, 'mi').test(m.text))
          .map((m) => new RegExp(`https?://[^\\s"<>]+${path}\\?token=[\\w-]+`).exec(m.text)?.[0])
          .filter(Boolean);
        link = found.at(-1);
        return Boolean(link);
      },
      { timeout: 15_000, message: `mail to ${to} with a ${path} link` },
    )
    .toBe(true);
  return link as string;
}

/** How many mails are in the outbox now (to look only at later ones). */
export function mailCount(): number {
  return mails().length;
}
