import fc from 'fast-check';
import { it } from 'vitest';
import { TEST_DB_KIND } from './database.ts';

/** The run's seed: vitest.config.ts sets PROPERTY_SEED (fixed in CI, random and printed locally). */
export const propertySeed = Number(process.env.PROPERTY_SEED);

/**
 * The harness of the API's property tests: one test that `check`s `runs` draws of `arbitrary` from the run's
 * seed, printing the seed and the run count so that a failure can be replayed (PROPERTY_SEED, and the
 * `runsVariable` for more or fewer runs).
 */
export function itHolds<T>(
  what: string,
  arbitrary: fc.Arbitrary<T>,
  check: (value: T) => Promise<void>,
  { runs, runsVariable = 'PROPERTY_RUNS', timeout }: { runs: number; runsVariable?: string; timeout: number },
): void {
  const numRuns = Number(process.env[runsVariable] ?? runs);
  it(
    `holds over ${numRuns} ${what} (${TEST_DB_KIND})`,
    async () => {
      console.log(`property test: seed=${propertySeed} runs=${numRuns} db=${TEST_DB_KIND}`);
      await fc.assert(fc.asyncProperty(arbitrary, check), { numRuns, seed: propertySeed });
    },
    timeout,
  );
}
