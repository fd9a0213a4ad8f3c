import type { Benchmark } from '../lib/context.ts';
import { coldStart } from './cold-start.ts';
import { lighthouse } from './lighthouse.ts';
import { userMe } from './user-me.ts';
import { webSize } from './web-size.ts';

/** In run order: the foundation issue's benchmarks first, then the ledger's. */
export const benchmarks: Benchmark[] = [coldStart, userMe, webSize, lighthouse];
