import type { Generated } from 'kysely';

/** Tables of migration 011 (issue 22): sign-in methods beside the password. */
export interface UserIdentitiesTable {
  id: Generated<number>;
  user_id: number;
  provider: 'google' | 'apple' | 'oidc';
  issuer: string;
  subject: string;
  email: string | null;
  created_at: string;
  last_used_at: string | null;
}

export interface UserTotpTable {
  user_id: number;
  /** Encrypted (mfa/secret-box.ts). */
  secret: string;
  enabled_at: string | null;
  last_step: number | null;
  created_at: string;
}

export interface RecoveryCodesTable {
  id: Generated<number>;
  user_id: number;
  /** argon2id, like a password. */
  code_hash: string;
  used_at: string | null;
  created_at: string;
}

export interface PasskeysTable {
  id: Generated<number>;
  user_id: number;
  /** base64url */
  credential_id: string;
  /** COSE public key, base64url */
  public_key: string;
  counter: Generated<number>;
  /** JSON array of transports, as the authenticator reported them */
  transports: string | null;
  name: string;
  /** 0/1 */
  backed_up: Generated<number>;
  created_at: string;
  last_used_at: string | null;
}

export type ChallengeKind = 'mfa' | 'social' | 'link' | 'passkey_register' | 'passkey_login';

export interface AuthChallengesTable {
  id: Generated<number>;
  user_id: number | null;
  kind: ChallengeKind;
  token_hash: string;
  /** JSON */
  data: string | null;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

export interface SignInTables {
  user_identities: UserIdentitiesTable;
  user_totp: UserTotpTable;
  recovery_codes: RecoveryCodesTable;
  passkeys: PasskeysTable;
  auth_challenges: AuthChallengesTable;
}
