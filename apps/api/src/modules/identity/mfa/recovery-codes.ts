import { randomInt } from 'node:crypto';
import { hashPassword } from '../passwords.ts';

export const RECOVERY_CODE_COUNT = 10;
/** No 0/o, 1/l/i: a code copied from paper is read right. 31 symbols × 10 ≈ 49.5 bits each. */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** Ten fresh codes as shown to the user: `xxxxx-xxxxx`. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from({ length: 10 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** Case, spaces and dashes do not matter when typed back. */
export function normalizeRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[\s-]+/g, '');
}

/** Stored like passwords (argon2id, STACK.md), hashed in parallel on libuv's threads. */
export function hashRecoveryCodes(codes: string[]): Promise<string[]> {
  return Promise.all(codes.map((code) => hashPassword(normalizeRecoveryCode(code))));
}
