import type { AppModule } from '../lib/http.ts';
import { billingModule } from './billing/index.ts';
import { healthModule } from './health/health.routes.ts';
import { identityModule } from './identity/index.ts';
import { ledgerModule } from './ledger/index.ts';
import { referenceModule } from './reference/reference.routes.ts';

/** Every feature module, registered under /api/v1 by buildApp. */
export const modules: AppModule[] = [
  healthModule,
  referenceModule,
  identityModule,
  ledgerModule,
  billingModule,
];
