import type { ColumnDefinitionBuilder, CreateTableBuilder } from 'kysely';
import type { DbKind } from './connection.ts';

/**
 * Column helpers that keep migrations identical on both dialects. Conventions (docs/decisions/database.md):
 * ids are auto-increment integers (BIGSERIAL on PostgreSQL), money is BIGINT cents, dates and timestamps are
 * ISO text (they sort correctly and compare the same way on both), booleans are 0/1 integers.
 */
export function withId<T extends string>(table: CreateTableBuilder<T, never>, kind: DbKind) {
  return kind === 'sqlite'
    ? table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    : table.addColumn('id', 'bigserial', (c) => c.primaryKey());
}

export function bool(c: ColumnDefinitionBuilder, defaultValue: 0 | 1 = 0) {
  return c.notNull().defaultTo(defaultValue);
}

/** Text type for ISO timestamps and dates. */
export const TEXT = 'text' as const;
export const BIGINT = 'bigint' as const;
