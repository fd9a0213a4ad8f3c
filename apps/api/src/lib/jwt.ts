import { createSecretKey, type KeyObject } from 'node:crypto';
import { ACCESS_TOKEN_TTL_SECONDS } from '@centavo/shared';
import { errors, jwtVerify, SignJWT } from 'jose';

/**
 * Access tokens: HS256 JWTs of 15 minutes with `typ: access`. Only HS256 is accepted, so `alg: none` and
 * tokens signed with any other key or algorithm fail. Refresh tokens are opaque random strings, never JWTs.
 */
export class AccessTokens {
  // A KeyObject built once: with raw bytes jose imports the key into WebCrypto on every sign and verify.
  readonly #key: KeyObject;
  readonly #issuer: string;

  constructor(secret: string, issuer = 'centavo') {
    this.#key = createSecretKey(Buffer.from(secret, 'utf8'));
    this.#issuer = issuer;
  }

  async sign(userId: number, ttlSeconds = ACCESS_TOKEN_TTL_SECONDS): Promise<string> {
    return new SignJWT({ typ: 'access' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(userId))
      .setIssuer(this.#issuer)
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
      .sign(this.#key);
  }

  /** Returns the user id, or null for any token that is not a valid, unexpired access token of ours. */
  async verify(token: string): Promise<number | null> {
    return (await this.verifyClaims(token))?.userId ?? null;
  }

  /** As verify, with the issue time (seconds) so a session cut-off (password change) can be applied. */
  async verifyClaims(token: string): Promise<{ userId: number; issuedAt: number } | null> {
    try {
      const { payload } = await jwtVerify(token, this.#key, { algorithms: ['HS256'], issuer: this.#issuer });
      if (payload.typ !== 'access' || typeof payload.sub !== 'string' || !/^\d+$/.test(payload.sub))
        return null;
      if (typeof payload.iat !== 'number') return null;
      return { userId: Number(payload.sub), issuedAt: payload.iat };
    } catch (error) {
      if (error instanceof errors.JOSEError || error instanceof TypeError) return null;
      throw error;
    }
  }
}
