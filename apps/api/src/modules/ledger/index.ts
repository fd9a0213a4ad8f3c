import type { App } from '../../lib/http.ts';
import { accountRoutes } from '../accounts/accounts.routes.ts';
import { bankRoutes } from '../banks/banks.routes.ts';
import { budgetRoutes } from '../budgets/budgets.routes.ts';
import { cardRoutes } from '../cards/cards.routes.ts';
import { categoryRoutes } from '../categories/categories.routes.ts';
import { entryRoutes } from '../entries/entries.routes.ts';
import { importRoutes } from '../import/import.routes.ts';
import { reportRoutes } from '../reports/reports.routes.ts';
import { tagRoutes } from '../tags/tags.routes.ts';

/**
 * Ledger: banks, accounts, categories, tags, entries (the ledger issue). Every route is signed-in and scoped
 * to request.user.id; another user's id answers 404 like a missing one.
 */
export async function ledgerModule(app: App): Promise<void> {
  app.addHook('onRequest', app.authenticate);
  await app.register(bankRoutes);
  await app.register(accountRoutes);
  await app.register(categoryRoutes);
  await app.register(tagRoutes);
  await app.register(entryRoutes);
  await app.register(cardRoutes);
  // Budgets and reports (issue 11): they read the ledger's per-category aggregates.
  await app.register(budgetRoutes);
  await app.register(reportRoutes);
  // Import (issue 20): statements into the ledger through the entries' bulk writes.
  await app.register(importRoutes);
}
