import type { Config } from '../../config.ts';
import type { Db } from '../../db/connection.ts';
import type { AccessTokens } from '../../lib/jwt.ts';
import type { RateLimits } from '../../plugins/rate-limit.ts';
import type { BillingService } from '../billing/billing.service.ts';
import type { LimitName } from './limits.ts';
import type { MailOutbox } from './mail.ts';

/** What the identity services need, passed explicitly so they read as plain functions. */
export interface IdentityDeps {
  db: Db;
  config: Config;
  accessTokens: AccessTokens;
  outbox: MailOutbox;
  limiter: RateLimits<LimitName>;
  /** Sign-up creates the Stripe customer and trial; deletion cancels and deletes them. */
  billing: BillingService;
}
