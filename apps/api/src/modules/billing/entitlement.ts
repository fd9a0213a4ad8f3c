import { type AccessLevel, PAST_DUE_GRACE_DAYS, TRIAL_DAYS } from '@centavo/shared';
import type { SignedInUserRow } from '../identity/users.repository.ts';

const DAY_MS = 86_400_000;
/** A trial whose end Stripe has not yet reported on (webhook late or lost) keeps access this long. */
const TRIAL_END_SLACK_MS = DAY_MS;

export type EntitlementRow = Pick<
  SignedInUserRow,
  'subscription_status' | 'trial_end' | 'past_due_since' | 'created_at'
>;

/**
 * The one rule of entitlement (DESIGN.md §6), on the server's own copy of the subscription that comes with
 * the user row authentication already read: no query, no Stripe call.
 * - billing off: everybody full;
 * - trialing (until a day after its end, in case Stripe's word is late), active: full;
 * - past_due: full for three days from when it became past_due;
 * - no subscription known yet (Stripe was down at sign-up): the first seven days are the trial;
 * - anything else (canceled, unpaid, paused, incomplete…): read_only.
 */
export function accessOf(row: EntitlementRow, billingEnabled: boolean, now = Date.now()): AccessLevel {
  if (!billingEnabled) return 'full';
  switch (row.subscription_status) {
    case 'active':
      return 'full';
    case 'trialing':
      return row.trial_end === null || now < Date.parse(row.trial_end) + TRIAL_END_SLACK_MS
        ? 'full'
        : 'read_only';
    case 'past_due':
      return row.past_due_since !== null &&
        now < Date.parse(row.past_due_since) + PAST_DUE_GRACE_DAYS * DAY_MS
        ? 'full'
        : 'read_only';
    case null:
      return now < Date.parse(row.created_at) + TRIAL_DAYS * DAY_MS ? 'full' : 'read_only';
    default:
      return 'read_only';
  }
}
