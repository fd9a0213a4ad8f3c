import { createHash, randomBytes } from 'node:crypto';

/** An opaque token of `bytes` random bytes (refresh: 32 = 256 bits; e-mail links: 32 as well). */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** Tokens are stored only as their SHA-256: a leaked table does not hand out sessions or reset links. */
export function sha256(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function nowIso(): string {
  return new Date().toISOString();
}

export function isoIn(ms: number, from = Date.now()): string {
  return new Date(from + ms).toISOString();
}

/** A unique-constraint violation on either dialect (SQLite or PostgreSQL 23505). */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}
