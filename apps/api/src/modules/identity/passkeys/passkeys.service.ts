import { createHmac } from 'node:crypto';
import type { Passkey, SignInResponse } from '@centavo/shared';
import type {
  AuthenticationResponseJSON,
  RegistrationResponseJSON,
  VerifiedRegistrationResponse,
} from '@simplewebauthn/server';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { conflict, notFound, unauthenticated, validationError } from '../../../lib/errors.ts';
import { recordAccountLog } from '../account-logs.ts';
import { insertChallenge } from '../challenges.repository.ts';
import type { IdentityDeps } from '../identity.deps.ts';
import { tooManyRequests as limited } from '../limits.ts';
import { confirmIdentity } from '../reauth.ts';
import { isUniqueViolation, nowIso } from '../secrets.ts';
import { signIn } from '../sign-in.ts';
import { assertAnotherWayIn } from '../sign-in-methods.ts';
import { consume } from '../single-use.repository.ts';
import { findUserById } from '../users.repository.ts';
import {
  deletePasskey,
  findPasskeyByCredential,
  insertPasskey,
  listPasskeys,
  type PasskeyRow,
  recordPasskeyUse,
} from './passkeys.repository.ts';

const CHALLENGE_TTL_MS = 5 * 60_000;

// Loaded on the first passkey request, not at start-up: the library and its ASN.1 dependencies take longer to
// load than the rest of the server, and most processes never see a passkey (as passwords.ts does for argon2).
let webauthn: Promise<typeof import('@simplewebauthn/server')> | undefined;
function loadWebAuthn() {
  webauthn ??= import('@simplewebauthn/server');
  return webauthn;
}

const base64url = {
  encode: (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url'),
  decode: (text: string) => new Uint8Array(Buffer.from(text, 'base64url')),
};

/** The relying party is APP_URL: its host name is the RP ID, its origin the only one accepted. */
function relyingParty(deps: IdentityDeps) {
  const url = new URL(deps.config.appUrl);
  return { id: url.hostname, origin: url.origin, name: deps.config.appName };
}

/** The WebAuthn user handle: an HMAC of the user id, so it reveals nothing and needs no column. */
function userHandle(deps: IdentityDeps, userId: number): Uint8Array<ArrayBuffer> {
  const mac = createHmac('sha256', deps.config.jwtSecret).update(`webauthn-user:${userId}`).digest();
  return new Uint8Array(mac.subarray(0, 16));
}

/** The challenge the browser signed, read from its client data (the options' challenge, base64url). */
function signedChallenge(clientDataJSON: string): string | null {
  try {
    const data = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8')) as {
      challenge?: unknown;
    };
    return typeof data.challenge === 'string' ? data.challenge : null;
  } catch {
    return null;
  }
}

export function toPasskey(row: PasskeyRow): Passkey {
  return {
    id: row.id,
    name: row.name,
    backed_up: row.backed_up === 1,
    created_at: row.created_at,
    last_used_at: row.last_used_at,
  };
}

async function currentUser(deps: IdentityDeps, userId: number) {
  const user = await findUserById(deps.db, userId);
  if (!user) throw unauthenticated();
  return user;
}

/** POST /user/passkeys/options: creation options for a new discoverable credential (asks for the password again). */
export async function registrationOptions(
  deps: IdentityDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  password: string | undefined,
) {
  const user = await currentUser(deps, request.user.id);
  await confirmIdentity(deps, request, reply, user, password);
  const rp = relyingParty(deps);
  const existing = await listPasskeys(deps.db, user.id);
  const { generateRegistrationOptions } = await loadWebAuthn();
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: user.email,
    userDisplayName: user.name,
    userID: userHandle(deps, user.id),
    attestationType: 'none',
    // The same authenticator twice is refused by the browser itself.
    excludeCredentials: existing.map((row) => ({
      id: row.credential_id,
      ...(row.transports ? { transports: JSON.parse(row.transports) as string[] } : {}),
    })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
  });
  const stored = { userId: user.id, kind: 'passkey_register', ttlMs: CHALLENGE_TTL_MS } as const;
  await insertChallenge(deps.db, stored, options.challenge);
  return { options: options as unknown as Record<string, unknown> };
}

/** POST /user/passkeys: verifies the new credential against its challenge (single use) and keeps it. */
export async function addPasskey(
  deps: IdentityDeps,
  request: FastifyRequest,
  body: { name: string; response: RegistrationResponseJSON },
): Promise<Passkey> {
  const userId = request.user.id;
  const challenge = signedChallenge(body.response.response.clientDataJSON);
  const row = challenge
    ? await consume(deps.db, 'auth_challenges', { kind: 'passkey_register', token: challenge })
    : undefined;
  if (!challenge || !row || row.user_id !== userId)
    throw validationError({ response: 'passkeyInvalid' }, 'passkeyInvalid');
  const rp = relyingParty(deps);
  let verified: VerifiedRegistrationResponse;
  try {
    const { verifyRegistrationResponse } = await loadWebAuthn();
    verified = await verifyRegistrationResponse({
      response: body.response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: false,
    });
  } catch (error) {
    request.log.info({ err: (error as Error).message }, 'passkey registration refused');
    throw validationError({ response: 'passkeyInvalid' }, 'passkeyInvalid');
  }
  if (!verified.verified) throw validationError({ response: 'passkeyInvalid' }, 'passkeyInvalid');
  const info = verified.registrationInfo;
  try {
    return await deps.db.transaction().execute(async (trx) => {
      const now = nowIso();
      const saved = await insertPasskey(trx, {
        userId,
        credentialId: info.credential.id,
        publicKey: base64url.encode(info.credential.publicKey),
        counter: info.credential.counter,
        transports: info.credential.transports,
        name: body.name,
        backedUp: info.credentialBackedUp,
        now,
      });
      await recordAccountLog(trx, userId, 'passkey_added', request, { name: body.name });
      return toPasskey(saved);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('alreadyExists');
    throw error;
  }
}

export async function removePasskey(deps: IdentityDeps, request: FastifyRequest, id: number): Promise<void> {
  const user = await currentUser(deps, request.user.id);
  const own = (await listPasskeys(deps.db, user.id)).find((row) => row.id === id);
  if (!own) throw notFound('passkeyNotFound');
  await deps.db.transaction().execute(async (trx) => {
    await assertAnotherWayIn(trx, user, nowIso());
    if (!(await deletePasskey(trx, user.id, id))) throw notFound('passkeyNotFound');
    await recordAccountLog(trx, user.id, 'passkey_removed', request, { name: own.name });
  });
}

/** POST /auth/passkey/options: a challenge for any of the user's discoverable passkeys (the browser picks). */
export async function authenticationOptions(
  deps: IdentityDeps,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const byIp = await deps.limiter.hit('passkeyIp', request);
  if (!byIp.allowed) throw limited(reply, byIp.resetInMs);
  const { generateAuthenticationOptions } = await loadWebAuthn();
  const options = await generateAuthenticationOptions({
    rpID: relyingParty(deps).id,
    userVerification: 'preferred',
  });
  const stored = { userId: null, kind: 'passkey_login', ttlMs: CHALLENGE_TTL_MS } as const;
  await insertChallenge(deps.db, stored, options.challenge);
  return { options: options as unknown as Record<string, unknown> };
}

/**
 * POST /auth/passkey: the signed challenge (spent once) from a registered credential signs the user in. A passkey
 * is possession plus the device's unlock, so it satisfies 2FA (sign-in.ts). Failures answer the same whatever
 * went wrong, and count like wrong passwords per IP.
 */
export async function signInWithPasskey(
  deps: IdentityDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  response: AuthenticationResponseJSON,
): Promise<SignInResponse> {
  const wait = await deps.limiter.blocked('loginIp', request);
  if (wait !== null) throw limited(reply, wait);
  const refuse = async (): Promise<never> => {
    await deps.limiter.hit('loginIp', request);
    throw validationError({ response: 'passkeyInvalid' }, 'passkeyInvalid');
  };
  const challenge = signedChallenge(response.response.clientDataJSON);
  const row = challenge
    ? await consume(deps.db, 'auth_challenges', { kind: 'passkey_login', token: challenge })
    : undefined;
  const passkey = await findPasskeyByCredential(deps.db, response.id);
  if (!challenge || !row || !passkey) return refuse();
  const handle = response.response.userHandle;
  if (handle && handle !== base64url.encode(userHandle(deps, passkey.user_id))) return refuse();
  const rp = relyingParty(deps);
  let newCounter: number;
  try {
    const { verifyAuthenticationResponse } = await loadWebAuthn();
    const verified = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      credential: {
        id: passkey.credential_id,
        publicKey: base64url.decode(passkey.public_key),
        counter: passkey.counter,
        ...(passkey.transports ? { transports: JSON.parse(passkey.transports) } : {}),
      },
      requireUserVerification: false,
    });
    if (!verified.verified) return refuse();
    newCounter = verified.authenticationInfo.newCounter;
  } catch (error) {
    request.log.info({ err: (error as Error).message }, 'passkey sign-in refused');
    await recordAccountLog(deps.db, passkey.user_id, 'login_failed', request, { reason: 'passkey' });
    return refuse();
  }
  const user = await findUserById(deps.db, passkey.user_id);
  if (!user) return refuse();
  await recordPasskeyUse(deps.db, passkey.id, newCounter, nowIso());
  return signIn(deps, user, request, 'passkey');
}
