import type { App, AppModule } from '../lib/http.ts';
import { accountRoutes } from './accounts/accounts.routes.ts';
import { bankRoutes } from './banks/banks.routes.ts';
import { billingModule } from './billing/index.ts';
import { budgetRoutes } from './budgets/budgets.routes.ts';
import { cardRoutes } from './cards/cards.routes.ts';
import { categoryRoutes } from './categories/categories.routes.ts';
import { entryRoutes } from './entries/entries.routes.ts';
import { entryExportRoutes } from './entries/export.routes.ts';
import { healthModule } from './health/health.routes.ts';
import { identityModule } from './identity/index.ts';
import { importRoutes } from './import/import.routes.ts';
import { referenceModule } from './reference/reference.routes.ts';
import { reportRoutes } from './reports/reports.routes.ts';
import { ruleRoutes } from './rules/rules.routes.ts';
import { tagRoutes } from './tags/tags.routes.ts';

/**
 * The finance features: every route is signed-in and scoped to request.user.id; another user's id answers
 * 404 like a missing one. Each feature registers its own routes; they depend one way (STYLE.md), and this
 * composition root is the only place that knows them all.
 */
async function financeModule(app: App): Promise<void> {
  app.addHook('onRequest', app.authenticate);
  await app.register(bankRoutes);
  await app.register(accountRoutes);
  await app.register(categoryRoutes);
  await app.register(tagRoutes);
  await app.register(entryExportRoutes);
  await app.register(entryRoutes);
  await app.register(cardRoutes);
  await app.register(budgetRoutes);
  await app.register(reportRoutes);
  await app.register(importRoutes);
  await app.register(ruleRoutes);
}

/** Every feature module, registered under /api/v1 by buildApp. */
export const modules: AppModule[] = [
  healthModule,
  referenceModule,
  identityModule,
  financeModule,
  billingModule,
];
