import { ACCESS_TOKEN_TTL_SECONDS } from '@centavo/shared';
import { createSigner, createVerifier } from 'fast-jwt';

export interface AccessClaims {
  readonly userId: number;
  /** Issue time in seconds, for the session cut-off of a password change. */
  readonly issuedAt: number;
  /** When the session's sign-in happened (OIDC's `auth_time`, seconds); null for tokens without it. */
  readonly authTime: number | null;
}

/**
 * Access tokens: HS256 JWTs of 15 minutes with `typ: access`, signed and verified by fast-jwt. Only HS256 is
 * accepted, so `alg: none` and tokens signed with any other key or algorithm fail; exp, iat, iss, sub and typ
 * are required. Refresh tokens are opaque random strings, never JWTs.
 */
export class AccessTokens {
  readonly #sign: (payload: Record<string, unknown>) => string;
  readonly #verify: (token: string) => Record<string, unknown>;

  constructor(secret: string, issuer = 'centavo') {
    this.#sign = createSigner({ key: secret, algorithm: 'HS256', iss: issuer });
    this.#verify = createVerifier({
      key: secret,
      algorithms: ['HS256'],
      allowedIss: issuer,
      allowedSub: /^\d+$/,
      requiredClaims: ['typ', 'sub', 'iss', 'iat', 'exp'],
    });
  }

  /** `authTime` (seconds) is carried from the sign-in through every refresh of its session. */
  sign(userId: number, ttlSeconds = ACCESS_TOKEN_TTL_SECONDS, authTime?: number): string {
    const iat = Math.floor(Date.now() / 1000);
    return this.#sign({
      typ: 'access',
      sub: String(userId),
      iat,
      exp: iat + ttlSeconds,
      ...(authTime === undefined ? {} : { auth_time: authTime }),
    });
  }

  /** The token's user and issue time, or null for anything but a valid, unexpired access token of ours. */
  verifyClaims(token: string): AccessClaims | null {
    let payload: Record<string, unknown>;
    try {
      payload = this.#verify(token);
    } catch {
      return null;
    }
    const userId = Number(payload.sub);
    if (payload.typ !== 'access' || !Number.isSafeInteger(userId) || typeof payload.iat !== 'number') {
      return null;
    }
    const authTime = typeof payload.auth_time === 'number' ? payload.auth_time : null;
    return { userId, issuedAt: payload.iat, authTime };
  }
}
