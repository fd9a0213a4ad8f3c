import type { Algorithm } from '@node-rs/argon2';

// Loaded on the first sign-in or registration, not at start-up: its native binding costs ~10 ms to load
// and most processes (and every cold start's first request) need no password.
let argon2: Promise<typeof import('@node-rs/argon2')> | undefined;
const loadArgon2 = () => {
  argon2 ??= import('@node-rs/argon2');
  return argon2;
};
const hash: typeof import('@node-rs/argon2')['hash'] = async (...args) => (await loadArgon2()).hash(...args);
const verify: typeof import('@node-rs/argon2')['verify'] = async (...args) =>
  (await loadArgon2()).verify(...args);

/** OWASP's argon2id minimum (19 MiB, t=2, p=1), DESIGN.md §5. */
// Algorithm is an ambient const enum (not importable as a value under verbatimModuleSyntax); 2 = Argon2id.
const ARGON2ID = 2 satisfies Algorithm;
const OPTIONS = {
  algorithm: ARGON2ID as Algorithm,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

let dummyHash: Promise<string> | undefined;

/** An account created through a provider has no password until it sets one through the reset link. */
export function hasPassword(user: { password_hash: string }): boolean {
  return user.password_hash !== '';
}

/**
 * Verifies `password` against `passwordHash`; with no hash (unknown e-mail, or an account without password) it verifies against a dummy hash
 * of the same cost, so an unknown address takes as long as a wrong password and timing reveals nothing.
 */
export async function verifyPassword(passwordHash: string | undefined, password: string): Promise<boolean> {
  // '' is an account without a password (created through a provider): as slow as an unknown address.
  if (!passwordHash) {
    dummyHash ??= hash('centavo-dummy-password', OPTIONS);
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await verify(passwordHash, password);
  } catch {
    // A malformed stored hash (e.g. a placeholder) matches nothing.
    return false;
  }
}
