import type { Db, DbKind } from '../connection.ts';
import { BIGINT, bool, TEXT } from '../dialect.ts';

/**
 * Billing (DESIGN.md §6): the server's own copy of each user's Stripe subscription lives on the users row,
 * so authentication's one read of the user also decides entitlement (no extra query per request); the ids
 * of processed webhook events (each has one effect, in the transaction of that effect); and the few
 * instance-wide Stripe objects created once (the customer-portal configuration's id).
 */
export async function up(db: Db, _kind: DbKind): Promise<void> {
  await db.schema.alterTable('users').addColumn('stripe_subscription_id', TEXT).execute();
  // Stripe's status of that subscription; null: none known yet (the first seven days count as the trial).
  await db.schema.alterTable('users').addColumn('subscription_status', TEXT).execute();
  await db.schema.alterTable('users').addColumn('subscription_plan', TEXT).execute();
  await db.schema.alterTable('users').addColumn('trial_end', TEXT).execute();
  await db.schema.alterTable('users').addColumn('current_period_end', TEXT).execute();
  await db.schema
    .alterTable('users')
    .addColumn('cancel_at_period_end', BIGINT, (c) => bool(c))
    .execute();
  // When the subscription became past_due: three days of grace from here (DESIGN.md §6).
  await db.schema.alterTable('users').addColumn('past_due_since', TEXT).execute();
  // Webhooks name the customer: find its user by index.
  await db.schema.createIndex('users_stripe_customer').on('users').column('stripe_customer_id').execute();

  await db.schema
    .createTable('stripe_events')
    .addColumn('id', TEXT, (c) => c.primaryKey())
    .addColumn('type', TEXT, (c) => c.notNull())
    .addColumn('created_at', TEXT, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('billing_settings')
    .addColumn('key', TEXT, (c) => c.primaryKey())
    .addColumn('value', TEXT, (c) => c.notNull())
    .execute();
}
