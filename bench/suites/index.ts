import type { Benchmark } from '../lib/context.ts';
import { billingEntitlement } from './billing-entitlement.ts';
import { cardsApi } from './cards-api.ts';
import { coldStart } from './cold-start.ts';
import { entriesBrowser } from './entries-browser.ts';
import { exportBench } from './export.ts';
import { importBench } from './import.ts';
import { ledgerApi } from './ledger-api.ts';
import { lighthouse } from './lighthouse.ts';
import { peerActual } from './peer-actual.ts';
import { reportsApi } from './reports-api.ts';
import { rulesBench } from './rules.ts';
import { soak } from './soak.ts';
import { userMe } from './user-me.ts';
import { webSize } from './web-size.ts';

/** In run order: the foundation issue's benchmarks first, then the ledger's. */
export const benchmarks: Benchmark[] = [
  coldStart,
  userMe,
  webSize,
  lighthouse,
  ledgerApi('D1'),
  entriesBrowser,
  peerActual,
  importBench,
  rulesBench,
  cardsApi,
  reportsApi,
  exportBench,
  billingEntitlement,
];

/** Not in the default run (minutes of generation, or a smaller variant): `--only <name>` runs them. */
export const optionalBenchmarks: Benchmark[] = [ledgerApi('D3'), ledgerApi('D2'), soak];
