import { createPrivateKey } from 'node:crypto';
import { z } from 'zod';

/**
 * Environment of social sign-in and two-factor authentication (DESIGN.md §5, issue 22), parsed with the rest
 * of config.ts. A provider is on when its client id is set; the rest of its variables are then required.
 */
const optional = z.preprocess((v) => (v === '' ? undefined : v), z.string().min(1).optional());
const optionalUrl = z.preprocess((v) => (v === '' ? undefined : v), z.url().optional());

export const signInEnvShape = {
  GOOGLE_CLIENT_ID: optional,
  GOOGLE_CLIENT_SECRET: optional,
  /** Only for tests: Google's issuer is https://accounts.google.com. */
  GOOGLE_ISSUER: optionalUrl,
  APPLE_CLIENT_ID: optional,
  APPLE_TEAM_ID: optional,
  APPLE_KEY_ID: optional,
  /** The .p8 key Apple gives (PKCS#8 PEM); `\n` may stand for line breaks. */
  APPLE_PRIVATE_KEY: optional,
  /** Only for tests: Apple's issuer is https://appleid.apple.com. */
  APPLE_ISSUER: optionalUrl,
  OIDC_ISSUER: optionalUrl,
  OIDC_CLIENT_ID: optional,
  OIDC_CLIENT_SECRET: optional,
  OIDC_NAME: optional,
  /** Key of the TOTP secrets at rest (≥ 32 characters); unset: derived from JWT_SECRET. */
  MFA_ENCRYPTION_KEY: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.string().min(32, 'must be at least 32 characters').optional(),
  ),
};

type SignInEnv = { [K in keyof typeof signInEnvShape]?: z.infer<(typeof signInEnvShape)[K]> };

export interface OidcClientConfig {
  issuer: string;
  clientId: string;
  clientSecret: string;
  name: string;
}

export interface AppleClientConfig {
  issuer: string;
  clientId: string;
  teamId: string;
  keyId: string;
  /** PKCS#8 PEM of the ES256 key that signs the client secret. */
  privateKey: string;
}

export interface SignInConfig {
  google: OidcClientConfig | undefined;
  apple: AppleClientConfig | undefined;
  oidc: OidcClientConfig | undefined;
  mfaEncryptionKey: string | undefined;
}

/** The providers' settings, or the problems found, each naming its variable (config.ts reports them). */
export function signInConfig(e: SignInEnv): { config: SignInConfig; problems: string[] } {
  const problems: string[] = [];
  const need = (name: keyof SignInEnv, because: string): string => {
    const value = e[name];
    if (value === undefined) problems.push(`${name}: required when ${because} is set`);
    return value ?? '';
  };

  const google: OidcClientConfig | undefined = e.GOOGLE_CLIENT_ID
    ? {
        issuer: e.GOOGLE_ISSUER ?? 'https://accounts.google.com',
        clientId: e.GOOGLE_CLIENT_ID,
        clientSecret: need('GOOGLE_CLIENT_SECRET', 'GOOGLE_CLIENT_ID'),
        name: 'Google',
      }
    : undefined;

  let apple: AppleClientConfig | undefined;
  if (e.APPLE_CLIENT_ID) {
    const privateKey = need('APPLE_PRIVATE_KEY', 'APPLE_CLIENT_ID').replace(/\\n/g, '\n');
    apple = {
      issuer: e.APPLE_ISSUER ?? 'https://appleid.apple.com',
      clientId: e.APPLE_CLIENT_ID,
      teamId: need('APPLE_TEAM_ID', 'APPLE_CLIENT_ID'),
      keyId: need('APPLE_KEY_ID', 'APPLE_CLIENT_ID'),
      privateKey,
    };
    if (privateKey && !isP256Key(privateKey)) {
      problems.push('APPLE_PRIVATE_KEY: must be the PKCS#8 PEM of an ES256 (P-256) key, as Apple gives it');
    }
  }

  const oidc: OidcClientConfig | undefined = e.OIDC_ISSUER
    ? {
        issuer: e.OIDC_ISSUER,
        clientId: need('OIDC_CLIENT_ID', 'OIDC_ISSUER'),
        clientSecret: need('OIDC_CLIENT_SECRET', 'OIDC_ISSUER'),
        name: e.OIDC_NAME ?? 'OpenID Connect',
      }
    : undefined;
  if (!e.OIDC_ISSUER && e.OIDC_CLIENT_ID) problems.push('OIDC_ISSUER: required when OIDC_CLIENT_ID is set');

  return { config: { google, apple, oidc, mfaEncryptionKey: e.MFA_ENCRYPTION_KEY }, problems };
}

function isP256Key(pem: string): boolean {
  try {
    const key = createPrivateKey(pem);
    return key.asymmetricKeyType === 'ec' && key.asymmetricKeyDetails?.namedCurve === 'prime256v1';
  } catch {
    return false;
  }
}
