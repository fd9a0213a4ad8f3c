import { sql } from 'kysely';
import type { Db, DbKind } from '../connection.ts';
import { BIGINT, bool, TEXT, withId } from '../dialect.ts';

/**
 * Cards and invoices (DESIGN.md §4 "Cards and invoices", docs/decisions/cards.md): the cards, their invoices
 * (one row per card and due month, created when first needed, holding the per-invoice date overrides), the
 * entries' invoice month and payment link, and the per-(card, invoice month) aggregates kept by
 * applyEntryChanges so an invoice and a card's limit cost O(invoices), never O(entries).
 */
export async function up(db: Db, kind: DbKind): Promise<void> {
  await withId(db.schema.createTable('cards'), kind)
    .addColumn('user_id', BIGINT, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', TEXT, (c) => c.notNull())
    .addColumn('flag_id', BIGINT, (c) => c.references('flags.id'))
    // "limit" is a reserved word in SQL: the column is credit_limit, the API field `limit`.
    .addColumn('credit_limit', BIGINT, (c) => c.notNull().defaultTo(0))
    .addColumn('close_day', 'integer', (c) => c.notNull())
    .addColumn('expiration_day', 'integer', (c) => c.notNull())
    .addColumn('account_id', BIGINT, (c) => c.references('accounts.id').onDelete('set null'))
    .addColumn('color', TEXT)
    .addColumn('archived', 'integer', (c) => bool(c))
    .addColumn('created_at', TEXT, (c) => c.notNull())
    .addColumn('updated_at', TEXT, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('cards_user').on('cards').columns(['user_id', 'id']).execute();

  await withId(db.schema.createTable('invoices'), kind)
    .addColumn('user_id', BIGINT, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('card_id', BIGINT, (c) => c.notNull().references('cards.id').onDelete('cascade'))
    /** The month the invoice is due (YYYY-MM). */
    .addColumn('month', TEXT, (c) => c.notNull())
    /** Overrides of the computed closing and due dates (null: computed from the card's days). */
    .addColumn('close_date', TEXT)
    .addColumn('due_date', TEXT)
    .addColumn('created_at', TEXT, (c) => c.notNull())
    .addColumn('updated_at', TEXT, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('invoices_user_card_month')
    .on('invoices')
    .columns(['user_id', 'card_id', 'month'])
    .unique()
    .execute();

  await db.schema.alterTable('entries').addColumn('invoice_month', TEXT).execute();
  // Payments only: the invoice a payment (a transfer from an account to the card) pays.
  await db.schema
    .alterTable('entries')
    .addColumn('invoice_id', BIGINT, (c) => c.references('invoices.id').onDelete('cascade'))
    .execute();
  // The cash-basis list leaves card purchases out (`account_id is not null` when no card filter): with
  // account_id in the month index, a month's count stays an index-only range (the EXPLAIN guard's check).
  await db.schema.dropIndex('entries_user_date').execute();
  await db.schema
    .createIndex('entries_user_date')
    .on('entries')
    .columns(['user_id', 'date', 'id', 'account_id'])
    .execute();
  // A card's entries of one invoice (the invoice page), in date order.
  await db.schema
    .createIndex('entries_user_card_invoice')
    .on('entries')
    .columns(['user_id', 'card_id', 'invoice_month', 'date', 'id'])
    .execute();

  // Per (user, card, invoice month): purchases, refunds, the part of purchases that are fixed charges (they
  // use the limit only once their invoice is open), payments, and the number of card entries.
  let totals = db.schema
    .createTable('card_invoice_totals')
    .addColumn('user_id', BIGINT, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('card_id', BIGINT, (c) => c.notNull().references('cards.id').onDelete('cascade'))
    .addColumn('month', TEXT, (c) => c.notNull())
    .addColumn('purchases', BIGINT, (c) => c.notNull().defaultTo(0))
    .addColumn('refunds', BIGINT, (c) => c.notNull().defaultTo(0))
    .addColumn('fixed_net', BIGINT, (c) => c.notNull().defaultTo(0))
    .addColumn('paid', BIGINT, (c) => c.notNull().defaultTo(0))
    .addColumn('entries', BIGINT, (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('card_invoice_totals_key', ['user_id', 'card_id', 'month']);
  if (kind === 'sqlite') totals = totals.modifyEnd(sql`without rowid`);
  await totals.execute();
}
