// `node bench/datasets/generate.ts D1|D2|D3|M10K [sqlite|postgres|both] [--seed N]`: generates (or finds cached) a
// dataset and prints where it is. The benchmarks call ensureDataset themselves; this is for a manual warm-up.
import { ensureDataset } from './load.ts';
import { DATASETS, type DatasetName } from './spec.ts';

const args = process.argv.slice(2);
const seedAt = args.indexOf('--seed');
const seed = seedAt >= 0 ? Number(args[seedAt + 1]) : undefined;
const positional = args.filter((a, i) => !a.startsWith('--') && (seedAt < 0 || i !== seedAt + 1));
const name = (positional[0] ?? 'D3') as DatasetName;
const which = positional[1] ?? 'both';
if (!(name in DATASETS)) throw new Error(`dataset must be one of ${Object.keys(DATASETS).join(', ')}`);
const kinds =
  which === 'both' ? (['sqlite', 'postgres'] as const) : ([which] as Array<'sqlite' | 'postgres'>);
const pgAdminUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
for (const kind of kinds) {
  const ds = await ensureDataset(name, kind, { seed, pgAdminUrl, log: (m) => console.log(m) });
  console.log(
    `${ds.name} ${kind}: ${ds.entries.toLocaleString('en-US')} entries, ${ds.users} user(s), ` +
      `${ds.generatedSeconds ? `generated in ${ds.generatedSeconds.toFixed(1)} s` : 'from cache'} → ${ds.url}`,
  );
}
