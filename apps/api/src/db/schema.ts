import type { Generated } from 'kysely';
import type { BillingTables } from './tables/billing.ts';
import type { HiddenCategoryTables } from './tables/hidden-categories.ts';
import type { IdempotencyTables } from './tables/idempotency.ts';
import type { IdentityTables } from './tables/identity.ts';
import type { ImportTables } from './tables/import.ts';
import type { LedgerTables } from './tables/ledger.ts';
import type { ReferenceTables } from './tables/reference.ts';
import type { ReportTables } from './tables/reports.ts';
import type { RuleTables } from './tables/rules.ts';
import type { SignInTables } from './tables/sign-in.ts';

/** The whole database as Kysely sees it: each feature declares its own tables beside its repository. */
export interface Database
  extends IdentityTables,
    ReferenceTables,
    LedgerTables,
    ReportTables,
    BillingTables,
    HiddenCategoryTables,
    ImportTables,
    RuleTables,
    SignInTables,
    IdempotencyTables {}

export type Id = Generated<number>;
