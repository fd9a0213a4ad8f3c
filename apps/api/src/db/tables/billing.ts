import type { Generated } from 'kysely';

/** The users row's copy of the Stripe subscription (migration 009); part of UsersTable. */
export interface UserBillingColumns {
  stripe_subscription_id: string | null;
  /** Stripe's subscription status; null when no subscription is known yet. */
  subscription_status: string | null;
  subscription_plan: string | null;
  trial_end: string | null;
  current_period_end: string | null;
  /** 0/1 */
  cancel_at_period_end: Generated<number>;
  past_due_since: string | null;
}

export interface StripeEventsTable {
  /** Stripe's event id (evt_…): recorded once, in the transaction of the event's effect. */
  id: string;
  type: string;
  created_at: string;
}

export interface BillingSettingsTable {
  key: string;
  value: string;
}

export interface BillingTables {
  stripe_events: StripeEventsTable;
  billing_settings: BillingSettingsTable;
}
