import { type Migration, type MigrationProvider, Migrator } from 'kysely/migration';
import type { Db, DbKind } from './connection.ts';
import * as m001 from './migrations/001_identity.ts';
import * as m002 from './migrations/002_reference.ts';
import * as m003 from './migrations/003_ledger.ts';
import * as m004 from './migrations/004_user_changes.ts';
import * as m005 from './migrations/005_drop_user_changes.ts';
import * as m006 from './migrations/006_user_money_totals.ts';
import * as m007 from './migrations/007_cards.ts';
import * as m008 from './migrations/008_reports.ts';
import * as m009 from './migrations/009_billing.ts';
import * as m010 from './migrations/010_hidden_categories.ts';
import * as m011 from './migrations/011_identity_mfa.ts';
import * as m012 from './migrations/012_import.ts';
import * as m014 from './migrations/014_idempotency.ts';
import * as m015 from './migrations/015_money_rules.ts';
import * as m016 from './migrations/016_category_month_sums.ts';
import * as m017 from './migrations/017_rules.ts';
import * as m018 from './migrations/018_budget_limits.ts';

/** Migrations are imported statically (no directory scan), which keeps cold start fast and bundling simple. */
export type DialectMigration = (db: Db, kind: DbKind) => Promise<void>;

const all: Record<string, { up: DialectMigration }> = {
  '001_identity': m001,
  '002_reference': m002,
  '003_ledger': m003,
  '004_user_changes': m004,
  '005_drop_user_changes': m005,
  '006_user_money_totals': m006,
  '007_cards': m007,
  '008_reports': m008,
  '009_billing': m009,
  '010_hidden_categories': m010,
  '012_import': m012,
  '011_identity_mfa': m011,
  '014_idempotency': m014,
  '015_money_rules': m015,
  '016_category_month_sums': m016,
  '017_rules': m017,
  '018_budget_limits': m018,
};

/** Kysely's migrator over the static list (tests use it to stop at a migration: `migrateTo(name)`). */
export function migrator(db: Db, kind: DbKind): Migrator {
  const provider: MigrationProvider = {
    async getMigrations() {
      const out: Record<string, Migration> = {};
      for (const [name, migration] of Object.entries(all)) {
        out[name] = { up: (trxDb) => migration.up(trxDb as Db, kind) };
      }
      return out;
    },
  };
  return new Migrator({ db, provider });
}

export async function migrateToLatest(db: Db, kind: DbKind): Promise<void> {
  const { error, results } = await migrator(db, kind).migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    throw new Error(`Migration ${failed} failed: ${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
    });
  }
}
