import {
  type ChangePasswordBody,
  type Country,
  type Currency,
  type Language,
  normalizeEmail,
  type Preferences,
  type PreferencesUpdateBody,
  type TokenResponse,
  type UpdateUserBody,
  type User,
} from '@centavo/shared';
import { conflict, type FieldMessages, unauthenticated, validationError } from '../../lib/errors.ts';
import { findCountryById, findCurrencyById, findLanguageById } from '../reference/reference.repository.ts';
import { type LogRequest, recordAccountLog } from './account-logs.ts';
import { createVerification, issueTokens } from './auth.service.ts';
import type { IdentityDeps } from './identity.deps.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { isUniqueViolation, nowIso } from './secrets.ts';
import { invalidateEmailTokens, revokeAllRefreshTokens } from './tokens.repository.ts';
import {
  deleteUser,
  findUserById,
  isEmailTakenByOther,
  type SignedInUserRow,
  type UserRow,
  updateUser,
  userHasEntries,
} from './users.repository.ts';

export function toUser(row: SignedInUserRow): User {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    email_verified_at: row.email_verified_at,
    language_id: row.language_id,
    currency_code_id: row.currency_id,
    country_id: row.country_id,
    stripe_customer_id: row.stripe_customer_id,
    created_at: row.created_at,
  };
}

/** The authenticated user's row; gone means the token outlived its user. */
async function currentUser(deps: IdentityDeps, userId: number): Promise<UserRow> {
  const row = await findUserById(deps.db, userId);
  if (!row) throw unauthenticated();
  return row;
}

/** The row authentication has just read is the user as of this request: no second query. */
export function getMe(signedIn: SignedInUserRow): User {
  return toUser(signedIn);
}

function emailTaken() {
  return validationError({ email: 'emailTaken' });
}

/**
 * Only name and email are writable (the body schema strips everything else). A new address is unverified
 * until its own link is used, and links sent to the old address stop working.
 */
export async function updateProfile(
  deps: IdentityDeps,
  userId: number,
  body: UpdateUserBody,
  request: LogRequest,
): Promise<User> {
  const row = await currentUser(deps, userId);
  const emailNormalized = normalizeEmail(body.email);
  const emailChanged = emailNormalized !== row.email_normalized;
  if (emailChanged && (await isEmailTakenByOther(deps.db, emailNormalized, userId))) throw emailTaken();

  const changed = [
    ...(body.name !== row.name ? ['name'] : []),
    ...(body.email !== row.email ? ['email'] : []),
  ];
  let sendVerification: () => void = () => {};
  let updated: UserRow;
  try {
    updated = await deps.db.transaction().execute(async (trx) => {
      const now = nowIso();
      await updateUser(trx, userId, {
        name: body.name,
        email: body.email,
        email_normalized: emailNormalized,
        ...(emailChanged ? { email_verified_at: null } : {}),
        updated_at: now,
      });
      const fresh = await findUserById(trx, userId);
      if (!fresh) throw unauthenticated();
      if (emailChanged) {
        await invalidateEmailTokens(trx, userId, 'verify', now);
        await invalidateEmailTokens(trx, userId, 'reset', now);
        sendVerification = await createVerification(deps, trx, fresh);
      }
      if (changed.length > 0) await recordAccountLog(trx, userId, 'profile_updated', request, { changed });
      return fresh;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
  sendVerification();
  return toUser(updated);
}

/** Signs every other session out (all refresh tokens revoked) and keeps this one going with new tokens. */
export async function changePassword(
  deps: IdentityDeps,
  userId: number,
  body: ChangePasswordBody,
  request: LogRequest,
): Promise<TokenResponse> {
  const row = await currentUser(deps, userId);
  if (!(await verifyPassword(row.password_hash, body.current_password))) {
    throw validationError({ current_password: 'currentPasswordIncorrect' });
  }
  const passwordHash = await hashPassword(body.password);
  return deps.db.transaction().execute(async (trx) => {
    const now = nowIso();
    await updateUser(trx, userId, { password_hash: passwordHash, sessions_valid_from: now, updated_at: now });
    await revokeAllRefreshTokens(trx, userId, now);
    await invalidateEmailTokens(trx, userId, 'reset', now);
    await recordAccountLog(trx, userId, 'password_changed', request);
    return issueTokens(deps, trx, row);
  });
}

/** Deletes the user and, through the cascades from users.id, every row they own; one transaction. */
export async function deleteAccount(deps: IdentityDeps, userId: number, password: string): Promise<void> {
  const row = await currentUser(deps, userId);
  if (!(await verifyPassword(row.password_hash, password))) {
    throw validationError({ password: 'passwordIncorrect' });
  }
  // Stripe first: the subscription ends and the customer goes; if Stripe is away the account stays (503).
  await deps.billing.beforeDelete(userId);
  await deps.db.transaction().execute(async (trx) => {
    // Explicit although the cascade removes them too: no session survives even if a cascade were missing.
    await revokeAllRefreshTokens(trx, userId, nowIso());
    await deleteUser(trx, userId);
  });
}

export async function getPreferences(deps: IdentityDeps, userId: number): Promise<Preferences> {
  const row = await currentUser(deps, userId);
  return {
    language_id: row.language_id,
    currency_code_id: row.currency_id,
    country_id: row.country_id,
    time_zone: row.time_zone,
  };
}

export async function updatePreferences(
  deps: IdentityDeps,
  userId: number,
  body: PreferencesUpdateBody,
  request: LogRequest,
): Promise<{ language: Language; currency_code: Currency; country: Country; time_zone: string }> {
  const [language, currency, country] = await Promise.all([
    findLanguageById(deps.db, body.language_id),
    findCurrencyById(deps.db, body.currency_code_id),
    findCountryById(deps.db, body.country_id),
  ]);
  const unknown: FieldMessages = {};
  if (!language) unknown.language_id = 'languageInvalid';
  if (!currency) unknown.currency_code_id = 'currencyInvalid';
  if (!country) unknown.country_id = 'countryInvalid';
  if (!language || !currency || !country) throw validationError(unknown);

  const row = await currentUser(deps, userId);
  const before = {
    language_id: row.language_id,
    currency_code_id: row.currency_id,
    country_id: row.country_id,
    time_zone: row.time_zone,
  };
  const timeZone = body.time_zone ?? row.time_zone;
  await deps.db.transaction().execute(async (trx) => {
    // Stored amounts are integers in the currency's minor unit and are never rescaled (DESIGN.md §4): with
    // entries, a currency with other minor-unit digits would turn R$ 12,34 into ¥ 1 234, so it is refused.
    if (currency.id !== row.currency_id) {
      const current = await findCurrencyById(trx, row.currency_id);
      if (current && current.decimals !== currency.decimals && (await userHasEntries(trx, userId)))
        throw conflict('currencyHasEntries', undefined, { currency_code_id: 'currencyHasEntries' });
    }
    await updateUser(trx, userId, {
      language_id: language.id,
      currency_id: currency.id,
      country_id: country.id,
      time_zone: timeZone,
      updated_at: nowIso(),
    });
    await recordAccountLog(trx, userId, 'preferences_updated', request, {
      before,
      after: { ...body, time_zone: timeZone },
    });
  });
  return { language, currency_code: currency, country, time_zone: timeZone };
}
