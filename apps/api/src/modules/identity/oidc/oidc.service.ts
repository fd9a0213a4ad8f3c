import {
  normalizeEmail,
  type SignInResponse,
  type SocialErrorKey,
  type SocialProvider,
} from '@centavo/shared';
import type { FastifyRequest } from 'fastify';
import { validationError } from '../../../lib/errors.ts';
import { findLanguageById } from '../../reference/reference.repository.ts';
import { type LogRequest, recordAccountLog } from '../account-logs.ts';
import { createVerification } from '../auth.service.ts';
import { insertChallenge } from '../challenges.repository.ts';
import type { IdentityDeps } from '../identity.deps.ts';
import { isUniqueViolation, nowIso } from '../secrets.ts';
import { signIn } from '../sign-in.ts';
import { consume } from '../single-use.repository.ts';
import { findUserByEmail, findUserById, insertUser, updateUser } from '../users.repository.ts';
import { findIdentity, insertIdentity, touchIdentity } from './identities.repository.ts';

/** What the provider said about the person, from its verified ID token. */
export interface ProviderClaims {
  issuer: string;
  subject: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
}

export type CallbackOutcome =
  | { kind: 'signedIn'; userId: number }
  | { kind: 'linked' }
  | { kind: 'refused'; error: SocialErrorKey };

const SOCIAL_CODE_TTL_MS = 60_000;

/** ID token claims as providers send them (Apple sends `email_verified` as the string "true"). */
export function readClaims(claims: Record<string, unknown>, appleUser?: string): ProviderClaims {
  const text = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);
  const given = text(claims.given_name);
  const family = text(claims.family_name);
  let name = text(claims.name) ?? ([given, family].filter(Boolean).join(' ') || null);
  // Apple gives the name once, beside the ID token, in the form's `user` field (JSON).
  if (!name && appleUser) {
    try {
      const user = JSON.parse(appleUser) as { name?: { firstName?: unknown; lastName?: unknown } };
      name = [text(user.name?.firstName), text(user.name?.lastName)].filter(Boolean).join(' ') || null;
    } catch {
      // A malformed field only costs the name.
    }
  }
  return {
    issuer: String(claims.iss),
    subject: String(claims.sub),
    email: text(claims.email),
    emailVerified: claims.email_verified === true || claims.email_verified === 'true',
    name: name ? name.slice(0, 120) : null,
  };
}

/**
 * Who a provider's answer is (DESIGN.md §5 "Linking"): the identity (issuer, sub) if known; else, when linking
 * from the profile, the signed-in user; else an account with the same address only if the provider asserts
 * `email_verified` and the account's address is verified (no pre-account takeover); else a new account,
 * verified when the provider says the address is. Everything in one transaction; a sign-up race (unique
 * index) is resolved by reading again.
 */
export async function resolveCallback(...args: Parameters<typeof resolveOnce>): Promise<CallbackOutcome> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await resolveOnce(...args);
    } catch (error) {
      if (!isUniqueViolation(error) || attempt > 0) throw error;
    }
  }
}

async function resolveOnce(
  deps: IdentityDeps,
  provider: SocialProvider,
  claims: ProviderClaims,
  request: LogRequest,
  link: { userId?: number | undefined; languageId?: number | undefined },
): Promise<CallbackOutcome> {
  let sendVerification: () => void = () => {};
  let created: number | undefined;
  const outcome = await deps.db.transaction().execute(async (trx): Promise<CallbackOutcome> => {
    const now = nowIso();
    const known = await findIdentity(trx, claims.issuer, claims.subject);
    const identity = { provider, issuer: claims.issuer, subject: claims.subject, email: claims.email, now };
    if (link.userId !== undefined) {
      if (known && known.user_id !== link.userId) {
        await recordAccountLog(trx, link.userId, 'identity_link_refused', request, {
          provider,
          reason: 'taken',
        });
        return { kind: 'refused', error: 'identityTaken' };
      }
      if (known) await touchIdentity(trx, known.id, claims.email, now);
      else await insertIdentity(trx, { ...identity, userId: link.userId });
      await recordAccountLog(trx, link.userId, 'identity_linked', request, { provider, via: 'profile' });
      return { kind: 'linked' };
    }
    if (known) {
      await touchIdentity(trx, known.id, claims.email, now);
      return { kind: 'signedIn', userId: known.user_id };
    }
    if (!claims.email) return { kind: 'refused', error: 'emailMissing' };
    const owner = await findUserByEmail(trx, normalizeEmail(claims.email));
    if (owner) {
      if (!claims.emailVerified || owner.email_verified_at === null) {
        await recordAccountLog(trx, owner.id, 'identity_link_refused', request, {
          provider,
          reason: claims.emailVerified ? 'account_email_unverified' : 'provider_email_unverified',
        });
        return { kind: 'refused', error: 'linkRequired' };
      }
      await insertIdentity(trx, { ...identity, userId: owner.id });
      await recordAccountLog(trx, owner.id, 'identity_linked', request, { provider, via: 'verified_email' });
      return { kind: 'signedIn', userId: owner.id };
    }
    const languageId =
      link.languageId !== undefined && (await findLanguageById(trx, link.languageId)) ? link.languageId : 1;
    const user = await insertUser(trx, {
      name: claims.name ?? claims.email.split('@')[0] ?? claims.email,
      email: claims.email,
      emailNormalized: normalizeEmail(claims.email),
      passwordHash: '',
      languageId,
      now,
    });
    if (claims.emailVerified) await updateUser(trx, user.id, { email_verified_at: now, updated_at: now });
    else sendVerification = await createVerification(deps, trx, user);
    await insertIdentity(trx, { ...identity, userId: user.id });
    await recordAccountLog(trx, user.id, 'register', request, { method: provider });
    created = user.id;
    return { kind: 'signedIn', userId: user.id };
  });
  sendVerification();
  // As registration does: after the commit, never failing the sign-up (billing retries on its next call).
  if (created !== undefined && deps.billing.enabled) await deps.billing.afterRegister(created);
  return outcome;
}

/** The one-time code the callback hands to /auth/social-callback (60 s, single use, stored hashed). */
export async function createSocialCode(deps: IdentityDeps, userId: number, provider: SocialProvider) {
  return insertChallenge(deps.db, { userId, kind: 'social', ttlMs: SOCIAL_CODE_TTL_MS, data: { provider } });
}

/** POST /auth/social/exchange: the code for tokens, or for the second step when 2FA is on. */
export async function exchangeSocialCode(
  deps: IdentityDeps,
  code: string,
  request: FastifyRequest,
): Promise<SignInResponse> {
  const row = await consume(deps.db, 'auth_challenges', { kind: 'social', token: code });
  const user = row?.user_id ? await findUserById(deps.db, row.user_id) : undefined;
  if (!row || !user) {
    await deps.limiter.hit('loginIp', request);
    throw validationError({ code: 'socialCodeInvalid' }, 'socialCodeInvalid');
  }
  const provider = (row.data ? JSON.parse(row.data).provider : 'oidc') as SocialProvider;
  return signIn(deps, user, request, provider);
}

/** The link intent of POST /user/identities: a one-time token the start URL carries (5 minutes). */
export async function createLinkToken(deps: IdentityDeps, userId: number, provider: SocialProvider) {
  return insertChallenge(deps.db, { userId, kind: 'link', ttlMs: 5 * 60_000, data: { provider } });
}

/** The user a link token was made for, spending it; undefined when it is unknown, spent, expired or for another provider. */
export async function consumeLinkToken(deps: IdentityDeps, token: string, provider: SocialProvider) {
  const row = await consume(deps.db, 'auth_challenges', { kind: 'link', token });
  if (!row?.user_id || !row.data || JSON.parse(row.data).provider !== provider) return undefined;
  return row.user_id;
}
