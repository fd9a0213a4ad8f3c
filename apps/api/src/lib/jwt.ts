import { createHmac, createSecretKey, type KeyObject, timingSafeEqual } from 'node:crypto';
import { ACCESS_TOKEN_TTL_SECONDS } from '@centavo/shared';

export interface AccessClaims {
  readonly userId: number;
  /** Issue time in seconds, for the session cut-off of a password change. */
  readonly issuedAt: number;
}

/** What a token's signature and claims established, before the clock is looked at. */
interface Verified {
  /** Handed to every caller of this token: frozen. */
  readonly claims: AccessClaims;
  readonly expiresAt: number;
  readonly notBefore: number | undefined;
}

/**
 * Tokens already verified, by their exact text. Bounded: ~200 bytes of token and one small object each,
 * ~0.5 MB when full; the oldest entry goes first.
 */
const VERIFIED_CACHE_SIZE = 2000;

// Every token we sign has exactly this header; its encoded form lets verify skip parsing it.
const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256' })).toString('base64url');
const BASE64URL = /^[A-Za-z0-9_-]+$/;
const DIGITS = /^\d+$/;
/** An HS256 signature is 32 bytes: 43 base64url characters without padding. */
const SIGNATURE_LENGTH = 43;

/**
 * Access tokens: HS256 JWTs of 15 minutes with `typ: access`. Only HS256 is accepted, so `alg: none` and
 * tokens signed with any other key or algorithm fail. Refresh tokens are opaque random strings, never JWTs.
 *
 * Verified with node:crypto, synchronously: jose's verify went through WebCrypto (key import, algorithm
 * normalisation, a promise job) on every call, over a third of the CPU of a small authenticated request.
 * The checks are jose's for this one algorithm, stricter where a JWT may vary: the signature must be the
 * canonical 43-character encoding, a header with `crit` or `b64` is refused, and exp, iss, typ, sub and iat
 * are all required.
 */
export class AccessTokens {
  // A KeyObject: given raw bytes, createHmac imports the key anew on every call (ten times the HMAC itself).
  readonly #secret: KeyObject;
  readonly #issuer: string;
  /**
   * Verification is a pure function of the token's text (and our key and issuer) except for the clock, so a
   * token seen before skips the base64, JSON and HMAC work (~3 µs, a tenth of a small request's CPU); only
   * its exp and nbf are compared with the time again. Only valid tokens are kept: a forged or altered token
   * is never in it (its text differs), and the user behind a token is still read on every request, so a
   * deleted user or a password change ends access at once.
   */
  readonly #verified = new Map<string, Verified>();

  constructor(secret: string, issuer = 'centavo') {
    this.#secret = createSecretKey(Buffer.from(secret, 'utf8'));
    this.#issuer = issuer;
  }

  async sign(userId: number, ttlSeconds = ACCESS_TOKEN_TTL_SECONDS): Promise<string> {
    const iat = Math.floor(Date.now() / 1000);
    const claims = { typ: 'access', sub: String(userId), iss: this.#issuer, iat, exp: iat + ttlSeconds };
    const signed = `${HEADER}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}`;
    return `${signed}.${this.#mac(signed)}`;
  }

  /** Returns the user id, or null for any token that is not a valid, unexpired access token of ours. */
  verify(token: string): number | null {
    return this.verifyClaims(token)?.userId ?? null;
  }

  /** As verify, with the issue time (seconds) so a session cut-off (password change) can be applied. */
  verifyClaims(token: string, nowSeconds = Math.floor(Date.now() / 1000)): AccessClaims | null {
    let verified = this.#verified.get(token);
    if (verified === undefined) {
      const fresh = this.#verifyText(token);
      if (fresh === null) return null;
      verified = fresh;
      if (this.#verified.size >= VERIFIED_CACHE_SIZE) {
        const oldest = this.#verified.keys().next().value;
        if (oldest !== undefined) this.#verified.delete(oldest);
      }
      this.#verified.set(token, verified);
    }
    if (verified.expiresAt <= nowSeconds) return null;
    if (verified.notBefore !== undefined && verified.notBefore > nowSeconds) return null;
    return verified.claims;
  }

  /** Every check that does not depend on the time: format, header, signature, then the claims' types. */
  #verifyText(token: string): Verified | null {
    const first = token.indexOf('.');
    const second = token.indexOf('.', first + 1);
    if (first <= 0 || second <= first + 1 || token.indexOf('.', second + 1) !== -1) return null;
    const header = token.slice(0, first);
    const payload = token.slice(first + 1, second);
    const signature = token.slice(second + 1);
    if (signature.length !== SIGNATURE_LENGTH || !BASE64URL.test(signature) || !BASE64URL.test(payload)) {
      return null;
    }
    if (header !== HEADER && !acceptableHeader(header)) return null;
    // The signature is checked before the payload is even decoded.
    const expected = Buffer.from(this.#mac(token.slice(0, second)));
    if (!timingSafeEqual(expected, Buffer.from(signature))) return null;

    const claims = parseJsonObject(payload);
    if (claims === null) return null;
    const { typ, sub, iss, iat, exp, nbf } = claims;
    if (typ !== 'access' || iss !== this.#issuer) return null;
    if (typeof sub !== 'string' || !DIGITS.test(sub)) return null;
    const userId = Number(sub);
    if (!Number.isSafeInteger(userId)) return null;
    if (typeof iat !== 'number' || !Number.isFinite(iat)) return null;
    if (typeof exp !== 'number' || !Number.isFinite(exp)) return null;
    if (nbf !== undefined && typeof nbf !== 'number') return null;
    return { claims: Object.freeze({ userId, issuedAt: iat }), expiresAt: exp, notBefore: nbf };
  }

  #mac(signingInput: string): string {
    return createHmac('sha256', this.#secret).update(signingInput).digest('base64url');
  }
}

/** A header other than our own byte-for-byte one: still only HS256, and no extension we do not understand. */
function acceptableHeader(encoded: string): boolean {
  if (!BASE64URL.test(encoded)) return false;
  const header = parseJsonObject(encoded);
  if (header === null || header.alg !== 'HS256') return false;
  if ('crit' in header || 'b64' in header) return false;
  return header.typ === undefined || header.typ === 'JWT';
}

function parseJsonObject(encoded: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8'));
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}
