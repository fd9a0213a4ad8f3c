import type { Config } from '../../../config.ts';
import type { IdentityDeps } from '../identity.deps.ts';
import { verifyPassword } from '../passwords.ts';
import { nowIso } from '../secrets.ts';
import { acceptTotpStep, findTotp, listUnusedRecoveryCodes, spendRecoveryCode } from './mfa.repository.ts';
import { normalizeRecoveryCode } from './recovery-codes.ts';
import { SecretBox } from './secret-box.ts';
import { totpStep } from './totp.ts';

const boxes = new WeakMap<Config, SecretBox>();

/** The key of the TOTP secrets: MFA_ENCRYPTION_KEY, else JWT_SECRET (README, "Configuration"). */
export function secretBox(config: Config): SecretBox {
  let box = boxes.get(config);
  if (!box) {
    box = new SecretBox(config.signIn.mfaEncryptionKey ?? config.jwtSecret);
    boxes.set(config, box);
  }
  return box;
}

export type SecondFactor = 'totp' | 'recovery_code';

/**
 * Checks a second factor of a user whose 2FA is on: a 6-digit code of the current time step (±1) that was not
 * used before, or an unused recovery code, which is spent. Null when neither matches; the caller counts the
 * failure. A recovery code is told from a TOTP code by its shape (6 digits vs 10 letters and digits).
 */
export async function verifySecondFactor(
  deps: IdentityDeps,
  userId: number,
  input: { code?: string | undefined; recovery_code?: string | undefined },
): Promise<SecondFactor | null> {
  const code = input.code?.replace(/\s+/g, '');
  if (code !== undefined && /^\d{6}$/.test(code)) {
    const row = await findTotp(deps.db, userId);
    if (!row || row.enabled_at === null) return null;
    const secret = secretBox(deps.config).open(row.secret, userId);
    const step = secret === null ? null : totpStep(secret, code, deps.clock());
    if (step === null) return null;
    return (await acceptTotpStep(deps.db, userId, step)) ? 'totp' : null;
  }
  const recovery = input.recovery_code ?? input.code;
  if (recovery === undefined) return null;
  const typed = normalizeRecoveryCode(recovery);
  if (typed.length === 0) return null;
  const unused = await listUnusedRecoveryCodes(deps.db, userId);
  const matches = await Promise.all(unused.map((row) => verifyPassword(row.code_hash, typed)));
  const match = unused.find((_, i) => matches[i]);
  if (!match) return null;
  return (await spendRecoveryCode(deps.db, userId, match.id, nowIso())) ? 'recovery_code' : null;
}
