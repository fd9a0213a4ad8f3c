import fc from 'fast-check';

/*
 * Every fast-check property of the shared and API tests runs from the run's PROPERTY_SEED (vitest.config.ts),
 * also one written without `{ seed }`: a failure prints this seed and its path, and PROPERTY_SEED=<seed>
 * replays it.
 */
fc.configureGlobal({ seed: Number(process.env.PROPERTY_SEED) });
