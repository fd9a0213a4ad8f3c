import type { ColumnType, Generated } from 'kysely';
import type { UserBillingColumns } from './billing.ts';

export interface UsersTable extends UserBillingColumns {
  id: Generated<number>;
  name: string;
  email: string;
  /** Lower-cased e-mail; unique, so addresses are unique case-insensitively. */
  email_normalized: string;
  /** '' for an account created through a provider that has not set a password (migration 011). */
  password_hash: string;
  email_verified_at: string | null;
  language_id: number;
  currency_id: number;
  country_id: number;
  /** IANA time zone of the user's "today" (migration 015; DESIGN.md §4 "A user's today"). */
  time_zone: ColumnType<string, string | undefined, string>;
  stripe_customer_id: string | null;
  /** Access tokens issued before this instant are refused (password change or reset ends every session). */
  sessions_valid_from: string | null;
  created_at: string;
  updated_at: string;
}

export interface RefreshTokensTable {
  id: Generated<number>;
  user_id: number;
  /** Every token issued by rotation from one sign-in shares a family; reuse of a spent one revokes it. */
  family_id: string;
  token_hash: string;
  expires_at: string;
  used_at: string | null;
  revoked_at: string | null;
  created_at: string;
  /** When the family's sign-in happened (migration 011); null for families older than that. */
  auth_time: string | null;
}

export interface EmailTokensTable {
  id: Generated<number>;
  user_id: number;
  kind: 'verify' | 'reset';
  /** Normalized address a verify token was sent to (null for reset tokens). */
  email: string | null;
  token_hash: string;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

export interface AccountLogsTable {
  id: Generated<number>;
  user_id: number;
  event: string;
  ip: string | null;
  user_agent: string | null;
  /** JSON text; never tokens or passwords. */
  details: string | null;
  created_at: string;
}

export interface IdentityTables {
  users: UsersTable;
  refresh_tokens: RefreshTokensTable;
  email_tokens: EmailTokensTable;
  account_logs: AccountLogsTable;
}
