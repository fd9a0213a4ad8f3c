import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * The file to give NODE_EXTRA_CA_CERTS so a server (or a test worker) trusts the test provider's throwaway CA
 * (tls/ca.pem) besides whatever extra CAs the machine already names there: Node reads only one file, and
 * only when a process starts, so the two are written together and the variable is set before any process
 * that needs it is spawned (vitest.config.ts, apps/web/playwright.config.ts).
 */
export function testCaBundle(existing = process.env.NODE_EXTRA_CA_CERTS): string {
  const ours = readFileSync(join(import.meta.dirname, 'tls', 'ca.pem'), 'utf8');
  const theirs =
    existing && existsSync(existing) && !existing.includes('centavo-test-ca')
      ? readFileSync(existing, 'utf8')
      : '';
  const file = join(tmpdir(), `centavo-test-ca-${process.pid}.pem`);
  writeFileSync(file, `${theirs.trimEnd()}\n${ours}`);
  return file;
}
