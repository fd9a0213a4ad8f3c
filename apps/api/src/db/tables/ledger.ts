/** Ledger tables (accounts, tags, entries, monthly aggregates): declared by the ledger issue. */
// biome-ignore lint/complexity/noBannedTypes: filled in by the ledger feature
export type LedgerTables = {};
