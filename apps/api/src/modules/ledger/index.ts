import type { App } from '../../lib/http.ts';

/** Ledger: banks, accounts, categories, tags, entries (the ledger issue). */
export async function ledgerModule(_app: App): Promise<void> {}
