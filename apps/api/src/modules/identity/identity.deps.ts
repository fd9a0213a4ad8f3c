import type { Config } from '../../config.ts';
import type { Db } from '../../db/connection.ts';
import type { AccessTokens } from '../../lib/jwt.ts';
import type { RateLimits } from '../../plugins/rate-limit.ts';
import type { LimitName } from './limits.ts';
import type { MailOutbox } from './mail.ts';
import type { SocialProviders } from './oidc/providers.ts';

/** What the identity services need, passed explicitly so they read as plain functions. */
export interface IdentityDeps {
  db: Db;
  config: Config;
  accessTokens: AccessTokens;
  outbox: MailOutbox;
  limiter: RateLimits<LimitName>;
  /** Sign-up creates the Stripe customer and trial; deletion cancels and deletes them. */
  billing: AccountBilling;
  /** Milliseconds since the epoch: TOTP time steps (tests inject their own, issue 22). */
  clock: () => number;
  /** The OpenID providers of the environment (oidc/providers.ts). */
  providers: SocialProviders;
}

/**
 * What identity asks of billing at the two ends of an account's life. Billing (a module above identity)
 * implements it and the app passes it in, so identity never imports billing (STYLE.md: one way).
 */
export interface AccountBilling {
  readonly enabled: boolean;
  /** After a sign-up: the Stripe customer and the trial; never fails the sign-up. */
  afterRegister(userId: number): Promise<void>;
  /** Before the user is deleted: cancel the subscription and delete the customer. */
  beforeDelete(userId: number): Promise<void>;
}
