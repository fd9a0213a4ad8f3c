/**
 * The datasets of QUALITY.md "Speed". Changing what the generator writes means bumping GENERATOR_VERSION:
 * cached datasets are keyed by it, the seed, and a hash of the schema (the migrations).
 */
export const GENERATOR_VERSION = 2;
export const DEFAULT_SEED = 20261121;

/** Dates after this are "the future" in every dataset (mostly unpaid), whatever the day the run happens. */
export const DATASET_TODAY = '2026-11-21';

export type DatasetName = 'D1' | 'D2' | 'D3' | 'M10K';

/** The month the browser benchmark's page opens by default: the current one (part of M10K's cache key). */
export const CURRENT_MONTH = new Date().toISOString().slice(0, 7);

export interface DatasetSpec {
  name: DatasetName;
  description: string;
  users: number;
  /** Entries per user, fixed-series occurrences and installments included. */
  entriesPerUser: number;
  accountsPerUser: number;
  /**
   * Categories the user sees: the system ones plus own categories up to this total (at least one own
   * category of each type, so user categories are exercised).
   */
  visibleCategories: number;
  /** Subcategories added under each user category. */
  subcategoriesPerUserCategory: number;
  tagsPerUser: number;
  /** Fixed (monthly) series per user, materialised over the whole range. */
  fixedSeriesPerUser: number;
  /** Installment purchases per user (2–12 installments each). */
  installmentPurchasesPerUser: number;
  firstMonth: string;
  months: number;
}

export const DATASETS: Record<DatasetName, DatasetSpec> = {
  D1: {
    name: 'D1',
    description: 'one user, 1 000 000 entries over 10 years, 10 accounts, 60 categories, tags',
    users: 1,
    entriesPerUser: 1_000_000,
    accountsPerUser: 10,
    visibleCategories: 60,
    subcategoriesPerUserCategory: 2,
    tagsPerUser: 40,
    fixedSeriesPerUser: 8,
    installmentPurchasesPerUser: 3000,
    firstMonth: '2017-01',
    months: 120,
  },
  D2: {
    name: 'D2',
    description: '10 000 users × 1 000 entries over 2 years, 3 accounts each',
    users: 10_000,
    entriesPerUser: 1_000,
    accountsPerUser: 3,
    visibleCategories: 25,
    subcategoriesPerUserCategory: 1,
    tagsPerUser: 5,
    fixedSeriesPerUser: 2,
    installmentPurchasesPerUser: 5,
    firstMonth: '2025-01',
    months: 24,
  },
  D3: {
    name: 'D3',
    description: 'one user, 30 000 entries over 3 years, 5 accounts, 60 categories, tags',
    users: 1,
    entriesPerUser: 30_000,
    accountsPerUser: 5,
    visibleCategories: 60,
    subcategoriesPerUserCategory: 2,
    tagsPerUser: 20,
    fixedSeriesPerUser: 5,
    installmentPurchasesPerUser: 200,
    firstMonth: '2024-01',
    months: 36,
  },
  M10K: {
    name: 'M10K',
    description: 'one user, 10 000 entries in the current month (the entries page benchmark)',
    users: 1,
    entriesPerUser: 10_000,
    accountsPerUser: 3,
    visibleCategories: 60,
    subcategoriesPerUserCategory: 2,
    tagsPerUser: 10,
    fixedSeriesPerUser: 0,
    installmentPurchasesPerUser: 0,
    firstMonth: CURRENT_MONTH,
    months: 1,
  },
};
