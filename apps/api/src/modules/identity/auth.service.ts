import {
  ACCESS_TOKEN_TTL_SECONDS,
  type LoginBody,
  normalizeEmail,
  REFRESH_TOKEN_TTL_DAYS,
  RESET_TOKEN_TTL_MINUTES,
  type RegisterBody,
  type ResetPasswordBody,
  type SignInResponse,
  type TokenResponse,
  VERIFY_TOKEN_TTL_HOURS,
} from '@centavo/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError, unauthenticated, validationError } from '../../lib/errors.ts';
import { localeOf } from '../../lib/messages.ts';
import { findLanguageById } from '../reference/reference.repository.ts';
import { type LogRequest, recordAccountLog } from './account-logs.ts';
import type { IdentityDeps } from './identity.deps.ts';
import { tooManyRequests } from './limits.ts';
import { composeMail } from './mail.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { isoIn, isUniqueViolation, nowIso, randomToken, sha256 } from './secrets.ts';
import { signIn } from './sign-in.ts';
import { consume, findUsable } from './single-use.repository.ts';
import {
  findRefreshTokenByHash,
  findUsedEmailToken,
  insertEmailToken,
  insertRefreshToken,
  invalidateEmailTokens,
  markRefreshTokenUsed,
  revokeAllRefreshTokens,
  revokeRefreshFamily,
} from './tokens.repository.ts';
import { findUserByEmail, findUserById, insertUser, type UserRow, updateUser } from './users.repository.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** The same answer for an unknown address and a wrong password (and the same work: see verifyPassword). */
export function invalidCredentials(): AppError {
  return new AppError(422, 'INVALID_CREDENTIALS', 'invalidCredentials', {
    fields: { email: 'invalidCredentials' },
  });
}

function invalidLink(): AppError {
  return validationError({ token: 'invalidLink' });
}

/**
 * Signs an access token and stores a new refresh token of `familyId` (a new family for a new sign-in).
 * Runs inside the caller's transaction so a rotation and its successor commit together.
 */
export async function issueTokens(
  deps: IdentityDeps,
  db: Kysely<Database>,
  user: Pick<UserRow, 'id' | 'stripe_customer_id'>,
  familyId: string = randomToken(16),
  /** The family's sign-in time, carried by rotation (null: a family older than migration 011). */
  authTime: string | null | 'now' = 'now',
): Promise<TokenResponse> {
  const refreshToken = randomToken(32);
  const now = Date.now();
  const signedInAt = authTime === 'now' ? new Date(now).toISOString() : authTime;
  await insertRefreshToken(db, {
    userId: user.id,
    familyId,
    tokenHash: sha256(refreshToken),
    expiresAt: isoIn(REFRESH_TOKEN_TTL_DAYS * DAY, now),
    now: new Date(now).toISOString(),
    authTime: signedInAt,
  });
  const authSeconds = signedInAt === null ? undefined : Math.floor(Date.parse(signedInAt) / 1000);
  return {
    access_token: deps.accessTokens.sign(user.id, undefined, authSeconds),
    expires_in: ACCESS_TOKEN_TTL_SECONDS,
    refresh_token: refreshToken,
    token_type: 'Bearer',
    stripe_customer_id: user.stripe_customer_id,
  };
}

/** Stores a verification token bound to the address it is sent to and queues the e-mail (after commit). */
export async function createVerification(
  deps: IdentityDeps,
  db: Kysely<Database>,
  user: Pick<UserRow, 'id' | 'name' | 'email' | 'email_normalized' | 'language_id'>,
): Promise<() => void> {
  const token = randomToken(32);
  // One clock reading for both times: the token lives exactly its TTL.
  const now = Date.now();
  await insertEmailToken(db, {
    userId: user.id,
    kind: 'verify',
    email: user.email_normalized,
    tokenHash: sha256(token),
    expiresAt: isoIn(VERIFY_TOKEN_TTL_HOURS * HOUR, now),
    now: new Date(now).toISOString(),
  });
  const message = composeMail({
    kind: 'verify',
    locale: localeOf(user.language_id),
    appName: deps.config.appName,
    to: user.email,
    name: user.name,
    link: `${deps.config.appUrl}/auth/verify-email?token=${encodeURIComponent(token)}`,
    params: { email: user.email, hours: VERIFY_TOKEN_TTL_HOURS },
  });
  // Returned, not sent: the caller sends once its transaction has committed.
  return () => deps.outbox.enqueue(message);
}

/**
 * Register signs a new address in (201 + tokens). An address that already has an account gets a generic 422
 * and its owner an e-mail; see docs/decisions/registration-enumeration.md for why and what bounds it.
 */
export async function register(
  deps: IdentityDeps,
  body: RegisterBody,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<TokenResponse> {
  const emailNormalized = normalizeEmail(body.email);
  const languageId = body.language_id ?? 1;
  if (!(await findLanguageById(deps.db, languageId))) throw validationError({ language_id: 'isNotValid' });

  const existing = await findUserByEmail(deps.db, emailNormalized);
  if (existing) return registrationTaken(deps, existing, request, reply);

  const passwordHash = await hashPassword(body.password);
  let sendVerification: () => void = () => {};
  let tokens: TokenResponse;
  let userId: number | undefined;
  try {
    tokens = await deps.db.transaction().execute(async (trx) => {
      const user = await insertUser(trx, {
        name: body.name,
        email: body.email,
        emailNormalized,
        passwordHash,
        languageId,
        timeZone: body.time_zone,
        now: nowIso(),
      });
      userId = user.id;
      await recordAccountLog(trx, user.id, 'register', request);
      sendVerification = await createVerification(deps, trx, user);
      return issueTokens(deps, trx, user);
    });
  } catch (error) {
    // Two sign-ups racing for one address: the loser is answered like any taken address.
    if (!isUniqueViolation(error)) throw error;
    const winner = await findUserByEmail(deps.db, emailNormalized);
    if (!winner) throw error;
    return registrationTaken(deps, winner, request, reply);
  }
  sendVerification();
  // After the commit, never failing the sign-up: a Stripe outage is retried on the next billing call.
  if (userId !== undefined && deps.billing.enabled) {
    await deps.billing.afterRegister(userId);
    const row = await findUserById(deps.db, userId);
    tokens = { ...tokens, stripe_customer_id: row?.stripe_customer_id ?? null };
  }
  return tokens;
}

async function registrationTaken(
  deps: IdentityDeps,
  owner: UserRow,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<never> {
  const byIp = await deps.limiter.hit('registerTakenIp', request);
  if (!byIp.allowed) throw tooManyRequests(reply, byIp.resetInMs);
  // The owner hears about it, at most a few times an hour whoever keeps trying.
  const toOwner = await deps.limiter.hit('forgotAccount', request, `register:${owner.email_normalized}`);
  if (toOwner.allowed) {
    deps.outbox.enqueue(
      composeMail({
        kind: 'registerAttempt',
        locale: localeOf(owner.language_id),
        appName: deps.config.appName,
        to: owner.email,
        name: owner.name,
        link: `${deps.config.appUrl}/auth/login`,
        secondaryLink: `${deps.config.appUrl}/auth/forgot-password`,
      }),
    );
  }
  throw validationError({ email: 'cannotRegister' });
}

export async function login(
  deps: IdentityDeps,
  body: LoginBody,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<SignInResponse> {
  const emailNormalized = normalizeEmail(body.email);
  const user = await findUserByEmail(deps.db, emailNormalized);
  // Failures count per address and password: a completed reset (or a change) starts the account's count afresh.
  const account = `${emailNormalized} ${user?.sessions_valid_from ?? ''}`;
  const wait =
    (await deps.limiter.blocked('loginIp', request)) ??
    (await deps.limiter.blocked('loginAccount', request, account));
  if (wait !== null) throw tooManyRequests(reply, wait);

  const ok = await verifyPassword(user?.password_hash, body.password);
  if (!user || !ok) {
    await deps.limiter.hit('loginIp', request);
    await deps.limiter.hit('loginAccount', request, account);
    if (user) await recordAccountLog(deps.db, user.id, 'login_failed', request, { reason: 'wrong_password' });
    throw invalidCredentials();
  }
  // With 2FA on this answers {mfa_required, mfa_token}; POST /auth/login/2fa completes it (sign-in.ts).
  return signIn(deps, user, request, 'password');
}

type RefreshOutcome = { kind: 'ok'; tokens: TokenResponse } | { kind: 'invalid' } | { kind: 'reused' };

/**
 * Rotation: each refresh token works once. A spent token presented again (a thief or a replay) revokes its
 * whole family, the successor included, so whoever holds the stolen chain is signed out too.
 */
export async function refresh(deps: IdentityDeps, refreshToken: string): Promise<TokenResponse> {
  const tokenHash = sha256(refreshToken);
  const outcome = await deps.db.transaction().execute(async (trx): Promise<RefreshOutcome> => {
    const now = nowIso();
    const row = await findRefreshTokenByHash(trx, tokenHash);
    if (!row || row.revoked_at !== null || row.expires_at <= now) return { kind: 'invalid' };
    // The conditional UPDATE decides between parallel requests; the loser is a replay like any other.
    if (row.used_at !== null || !(await markRefreshTokenUsed(trx, row.id, now))) {
      await revokeRefreshFamily(trx, row.user_id, row.family_id, now);
      return { kind: 'reused' };
    }
    const user = await findUserById(trx, row.user_id);
    if (!user) return { kind: 'invalid' };
    return { kind: 'ok', tokens: await issueTokens(deps, trx, user, row.family_id, row.auth_time) };
  });
  if (outcome.kind === 'ok') return outcome.tokens;
  // Thrown after the transaction, so the family's revocation is committed.
  throw unauthenticated('invalidRefreshToken');
}

export async function logout(
  deps: IdentityDeps,
  userId: number,
  refreshToken: string | undefined,
  request: LogRequest,
): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    if (refreshToken) {
      const row = await findRefreshTokenByHash(trx, sha256(refreshToken));
      // Another user's token is left alone: the caller only signs themselves out.
      if (row && row.user_id === userId) await revokeRefreshFamily(trx, userId, row.family_id, nowIso());
    }
    await recordAccountLog(trx, userId, 'logout', request);
  });
}

/**
 * Verifies the address a link was sent to. Opening a used link again (a second click, another device)
 * answers "already verified" when that address is verified (issue 13 #7), not "invalid or expired".
 */
export async function verifyEmail(
  deps: IdentityDeps,
  token: string,
  request: LogRequest,
): Promise<{ alreadyVerified: boolean }> {
  const verifiedUserId = await deps.db.transaction().execute(async (trx) => {
    const now = nowIso();
    const row = await consume(trx, 'email_tokens', { kind: 'verify', token, now });
    if (!row) return undefined;
    const user = await findUserById(trx, row.user_id);
    // A link sent to an address the user has since changed verifies nothing.
    if (!user || user.email_normalized !== row.email) return undefined;
    if (user.email_verified_at === null)
      await updateUser(trx, user.id, { email_verified_at: now, updated_at: now });
    await recordAccountLog(trx, user.id, 'email_verified', request);
    return user.id;
  });
  if (verifiedUserId !== undefined) return { alreadyVerified: false };
  const used = await findUsedEmailToken(deps.db, 'verify', sha256(token));
  const user = used ? await findUserById(deps.db, used.user_id) : undefined;
  if (used && user && user.email_normalized === used.email && user.email_verified_at !== null) {
    return { alreadyVerified: true };
  }
  throw invalidLink();
}

/** Always the same 200, known address or not; only the e-mail sending is throttled per account. */
export async function forgotPassword(
  deps: IdentityDeps,
  email: string,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<void> {
  const byIp = await deps.limiter.hit('forgotIp', request);
  if (!byIp.allowed) throw tooManyRequests(reply, byIp.resetInMs);
  const emailNormalized = normalizeEmail(email);
  // Counted for unknown addresses too, so both paths do the same work.
  const byAccount = await deps.limiter.hit('forgotAccount', request, emailNormalized);
  const user = await findUserByEmail(deps.db, emailNormalized);
  if (!user || !byAccount.allowed) return;

  const token = randomToken(32);
  await deps.db.transaction().execute(async (trx) => {
    // Earlier links stay valid until they expire: a stranger's request never spoils the owner's link.
    const now = Date.now();
    await insertEmailToken(trx, {
      userId: user.id,
      kind: 'reset',
      email: null,
      tokenHash: sha256(token),
      expiresAt: isoIn(RESET_TOKEN_TTL_MINUTES * 60_000, now),
      now: new Date(now).toISOString(),
    });
    await recordAccountLog(trx, user.id, 'password_reset_requested', request);
  });
  deps.outbox.enqueue(
    composeMail({
      kind: 'reset',
      locale: localeOf(user.language_id),
      appName: deps.config.appName,
      to: user.email,
      name: user.name,
      link: `${deps.config.appUrl}/auth/reset-password?token=${encodeURIComponent(token)}`,
      params: { minutes: RESET_TOKEN_TTL_MINUTES },
    }),
  );
}

export async function resetPassword(
  deps: IdentityDeps,
  body: ResetPasswordBody,
  request: LogRequest,
): Promise<void> {
  const candidate = await findUsable(deps.db, 'email_tokens', { kind: 'reset', token: body.token });
  if (!candidate) throw invalidLink();
  // Hash outside the transaction: argon2 takes tens of milliseconds and must not hold a write lock.
  const passwordHash = await hashPassword(body.password);
  const user = await deps.db.transaction().execute(async (trx) => {
    const now = nowIso();
    const row = await consume(trx, 'email_tokens', { kind: 'reset', token: body.token, now });
    if (!row) return undefined;
    const owner = await findUserById(trx, row.user_id);
    if (!owner) return undefined;
    await updateUser(trx, owner.id, {
      password_hash: passwordHash,
      sessions_valid_from: now,
      updated_at: now,
    });
    await invalidateEmailTokens(trx, owner.id, 'reset', now);
    await revokeAllRefreshTokens(trx, owner.id, now);
    await recordAccountLog(trx, owner.id, 'password_reset', request);
    return owner;
  });
  if (!user) throw invalidLink();
}
