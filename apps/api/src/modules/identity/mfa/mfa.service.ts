import type {
  MfaChangeBody,
  RecoveryCodesResponse,
  TotpSetupResponse,
  TwoFactorStatus,
} from '@centavo/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { conflict, unauthenticated, validationError } from '../../../lib/errors.ts';
import { recordAccountLog } from '../account-logs.ts';
import type { IdentityDeps } from '../identity.deps.ts';
import { hasPassword } from '../passwords.ts';
import { assertNotBlocked, confirmIdentity, countFailure } from '../reauth.ts';
import { nowIso } from '../secrets.ts';
import { findUserById, type UserRow } from '../users.repository.ts';
import {
  acceptTotpStep,
  countUnusedRecoveryCodes,
  deleteTotp,
  findTotp,
  replaceRecoveryCodes,
  savePendingTotp,
} from './mfa.repository.ts';
import { hashRecoveryCodes, newRecoveryCodes } from './recovery-codes.ts';
import { secretBox, verifySecondFactor } from './second-factor.ts';
import { newTotpSecret, otpauthUrl, totpStep } from './totp.ts';

async function currentUser(deps: IdentityDeps, userId: number): Promise<UserRow> {
  const user = await findUserById(deps.db, userId);
  if (!user) throw unauthenticated();
  return user;
}

export async function twoFactorStatus(deps: IdentityDeps, userId: number): Promise<TwoFactorStatus> {
  const user = await currentUser(deps, userId);
  const totp = await findTotp(deps.db, userId);
  const enabled = totp !== undefined && totp.enabled_at !== null;
  return {
    totp_enabled: enabled,
    recovery_codes_remaining: enabled ? await countUnusedRecoveryCodes(deps.db, userId) : 0,
    has_password: hasPassword(user),
  };
}

/** POST /user/2fa/totp: a new secret, kept encrypted and pending until a code confirms it. */
export async function startTotpSetup(
  deps: IdentityDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  password: string | undefined,
): Promise<TotpSetupResponse> {
  const user = await currentUser(deps, request.user.id);
  const existing = await findTotp(deps.db, user.id);
  if (existing?.enabled_at) throw conflict('totpAlreadyEnabled');
  await confirmIdentity(deps, request, reply, user, password);
  const secret = newTotpSecret();
  await savePendingTotp(deps.db, user.id, secretBox(deps.config).seal(secret, user.id), nowIso());
  return { secret, otpauth_url: otpauthUrl(secret, deps.config.appName, user.email) };
}

/**
 * POST /user/2fa/totp/confirm: the first code turns 2FA on (its time step counts as used) and the answer
 * carries the ten recovery codes, the only time they are shown.
 */
export async function confirmTotp(
  deps: IdentityDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  code: string,
): Promise<RecoveryCodesResponse> {
  const userId = request.user.id;
  const pending = await findTotp(deps.db, userId);
  if (pending?.enabled_at) throw conflict('totpAlreadyEnabled');
  if (!pending) throw validationError({ code: 'totpSetupMissing' }, 'totpSetupMissing');
  await assertNotBlocked(deps, request, reply, userId);
  const secret = secretBox(deps.config).open(pending.secret, userId);
  const step = secret === null ? null : totpStep(secret, code, deps.clock());
  if (step === null) {
    await countFailure(deps, request, userId);
    throw validationError({ code: 'totpCodeInvalid' });
  }
  const codes = newRecoveryCodes();
  const hashes = await hashRecoveryCodes(codes);
  const enabled = await deps.db.transaction().execute(async (trx) => {
    const now = nowIso();
    if (!(await acceptTotpStep(trx, userId, step, { now }))) return false;
    await replaceRecoveryCodes(trx, userId, hashes, now);
    await recordAccountLog(trx, userId, 'mfa_enabled', request, { method: 'totp' });
    return true;
  });
  // Lost a race with another confirmation of the same set-up: that one turned 2FA on.
  if (!enabled) throw conflict('totpAlreadyEnabled');
  return { recovery_codes: codes };
}

/**
 * DELETE /user/2fa and POST /user/2fa/recovery-codes both ask for the password (or a recent sign-in) and a code
 * of the authenticator or a recovery code; wrong ones count like wrong passwords.
 */
async function checkChange(
  deps: IdentityDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  body: MfaChangeBody,
) {
  const user = await currentUser(deps, request.user.id);
  const totp = await findTotp(deps.db, user.id);
  if (!totp?.enabled_at) throw conflict('totpNotEnabled');
  await confirmIdentity(deps, request, reply, user, body.password);
  await assertNotBlocked(deps, request, reply, user.id);
  const factor = await verifySecondFactor(deps, user.id, { code: body.code });
  if (!factor) {
    await countFailure(deps, request, user.id);
    await recordAccountLog(deps.db, user.id, 'mfa_failed', request, { method: 'settings' });
    throw validationError({ code: 'totpCodeInvalid' });
  }
  return user;
}

export async function disableTwoFactor(
  deps: IdentityDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  body: MfaChangeBody,
): Promise<void> {
  const user = await checkChange(deps, request, reply, body);
  await deps.db.transaction().execute(async (trx) => {
    await deleteTotp(trx, user.id);
    await recordAccountLog(trx, user.id, 'mfa_disabled', request, { method: 'totp' });
  });
}

export async function regenerateRecoveryCodes(
  deps: IdentityDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  body: MfaChangeBody,
): Promise<RecoveryCodesResponse> {
  const user = await checkChange(deps, request, reply, body);
  const codes = newRecoveryCodes();
  const hashes = await hashRecoveryCodes(codes);
  await deps.db.transaction().execute(async (trx) => {
    await replaceRecoveryCodes(trx, user.id, hashes, nowIso());
    await recordAccountLog(trx, user.id, 'recovery_codes_generated', request);
  });
  return { recovery_codes: codes };
}
