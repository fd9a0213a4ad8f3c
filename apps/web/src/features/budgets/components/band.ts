import type { BudgetBand } from '@centavo/shared';

/** Progress colours of the bands (< 80 %, 80–100 %, > 100 %), contrast-checked in both schemes. */
export const BAND_COLOR: Record<BudgetBand, string> = { within: 'teal', near: 'yellow', over: 'red' };
