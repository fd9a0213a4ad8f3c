import { createHash } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import SqliteDatabase from 'better-sqlite3';
import pg from 'pg';
import { openDatabase } from '../../apps/api/src/db/connection.ts';
import { migrateToLatest } from '../../apps/api/src/db/migrate.ts';
import { CATEGORY_SUMS_FROM_TOTALS } from '../../apps/api/src/db/migrations/016_category_month_sums.ts';
import { pgUrl } from '../lib/context.ts';
import { pgAdmin, pgDatabaseExists } from '../lib/pg.ts';
import { dataDir, rootDir } from '../lib/proc.ts';
import { firstIds, generateUser, type Row, type Sink, TABLES, type TableName } from './model.ts';
import { DATASETS, type DatasetName, DEFAULT_SEED, GENERATOR_VERSION } from './spec.ts';

export type DbKind = 'sqlite' | 'postgres';
const here = dirname(fileURLToPath(import.meta.url));
const datasetsDir = join(dataDir, 'datasets');

/**
 * The aggregate rows exactly as the app's totals.repository.ts `addEffects` builds them, computed in one
 * INSERT … SELECT … GROUP BY after the entries are loaded: income/expense/investment by operation (anything
 * not income or expense counts as investment), transfers as transfer_out/transfer_in on the two accounts,
 * `net` the balance effect of every entry, `paid_net` that of paid entries; card entries (no account) skipped.
 */
export const AGGREGATE_SQL = `
insert into account_month_totals
  (user_id, account_id, month, income, expense, investment, transfer_in, transfer_out, net, paid_net)
select user_id, account_id, month, sum(income), sum(expense), sum(investment), sum(transfer_in),
  sum(transfer_out), sum(net), sum(paid_net)
from (
  select user_id, account_id, substr(date, 1, 7) as month,
    case when operation_id = 1 then value else 0 end as income,
    case when operation_id = 2 then value else 0 end as expense,
    case when operation_id not in (1, 2) then value else 0 end as investment,
    0 as transfer_in, 0 as transfer_out,
    case when operation_id = 1 then value else -value end as net,
    case when paid = 1 then (case when operation_id = 1 then value else -value end) else 0 end as paid_net
  from entries where operation_id <> 4 and account_id is not null
  union all
  select user_id, account_id, substr(date, 1, 7), 0, 0, 0, 0, value, -value,
    case when paid = 1 then -value else 0 end
  from entries where operation_id = 4 and account_id is not null
  union all
  select user_id, destination_account_id, substr(date, 1, 7), 0, 0, 0, value, 0, value,
    case when paid = 1 then value else 0 end
  from entries where operation_id = 4 and destination_account_id is not null
) effects
group by user_id, account_id, month`;

/**
 * The per-(basis, month, category, subcategory) aggregates of budgets and reports, exactly as the app's
 * category-totals.repository.ts builds them (migration 008 fills existing databases the same way): transfers
 * in neither basis; account entries in the month of their date in both bases.
 */
export const CATEGORY_AGGREGATE_SQL = ['accrual', 'cash']
  .map(
    (basis) => `
insert into category_month_totals (user_id, basis, month, category_id, sub_category_id, income, expense,
  investment, income_count, expense_count, investment_count, unpaid_installments)
select user_id, '${basis}', substr(date, 1, 7), coalesce(category_id, 0), coalesce(sub_category_id, 0),
  sum(case when operation_id = 1 then value else 0 end),
  sum(case when operation_id = 2 then value else 0 end),
  sum(case when operation_id = 3 then value else 0 end),
  sum(case when operation_id = 1 then 1 else 0 end),
  sum(case when operation_id = 2 then 1 else 0 end),
  sum(case when operation_id = 3 then 1 else 0 end),
  sum(case when operation_id = 2 and paid = 0 and installment_count is not null then value else 0 end)
from entries
where operation_id <> 4 and account_id is not null
group by user_id, substr(date, 1, 7), coalesce(category_id, 0), coalesce(sub_category_id, 0);`,
  )
  .join('\n');

/**
 * Issue 11: a budget for every expense category the user sees (system and own) in every month the user has
 * entries — D1's ten years of budgets.
 */
export const BUDGETS_SQL = `
insert into budgets (user_id, category_id, month, value, active, created_at, updated_at)
select m.user_id, c.id, m.month, 50000, 1, '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z'
from (select distinct user_id, month from category_month_totals where basis = 'accrual') m
join categories c on c.type = 'expense' and (c.user_id is null or c.user_id = m.user_id);`;

/** Each user's money volume, as the app keeps it (ledger/money.repository.ts): Σ |values| + Σ |initial balances|. */
export const VOLUME_SQL = `
insert into user_money_totals (user_id, volume)
select u.id,
  coalesce((select sum(abs(e.value)) from entries e where e.user_id = u.id), 0)
    + coalesce((select sum(abs(a.initial_balance)) from accounts a where a.user_id = u.id), 0)
from users u`;

/** Tables whose secondary indexes are dropped during the load and rebuilt after it (much faster). */
const REINDEXED = ['entries', 'entry_tags'];

/** Generator code + schema: any change to either makes a new dataset key, so a stale cache is never used. */
function contentHash(seed: number): string {
  const h = createHash('sha256');
  h.update(`v${GENERATOR_VERSION} seed ${seed}\n`);
  // Whitespace and commas are ignored, so reformatting the generator does not throw the cache away.
  for (const file of ['model.ts', 'spec.ts', 'load.ts']) {
    h.update(readFileSync(join(here, file), 'utf8').replace(/[\s,]+/g, ''));
  }
  const migrations = join(rootDir, 'apps/api/src/db/migrations');
  for (const file of readdirSync(migrations).sort()) h.update(readFileSync(join(migrations, file)));
  h.update(readFileSync(join(rootDir, 'apps/api/src/modules/reference/reference.data.ts')));
  return h.digest('hex').slice(0, 10);
}

export interface Dataset {
  name: DatasetName;
  kind: DbKind;
  key: string;
  /** The pristine cached copy: never written by benchmarks (use `workingCopy`). */
  url: string;
  /** Seconds spent generating in this run (0 when it came from the cache). */
  generatedSeconds: number;
  users: number;
  entries: number;
}

interface Meta {
  seconds: number;
  entries: number;
}

function sqlitePath(key: string) {
  return join(datasetsDir, `${key}.db`);
}
function pgName(key: string) {
  return `centavo_bench_${key.toLowerCase().replace(/[^a-z0-9_]/g, '_')}`;
}

/** The dataset from the cache, or generated now (and cached). */
export async function ensureDataset(
  name: DatasetName,
  kind: DbKind,
  options: { seed?: number; pgAdminUrl: string; log(message: string): void },
): Promise<Dataset> {
  const seed = options.seed ?? DEFAULT_SEED;
  const spec = DATASETS[name];
  const month = name === 'M10K' ? `-${spec.firstMonth}` : '';
  const key = `${name}${month}-v${GENERATOR_VERSION}-s${seed}-${contentHash(seed)}`;
  mkdirSync(datasetsDir, { recursive: true });
  const metaFile = join(datasetsDir, `${key}.${kind}.json`);
  const base = { name, kind, key, users: spec.users };
  if (kind === 'sqlite') {
    const path = sqlitePath(key);
    if (existsSync(path) && existsSync(metaFile)) {
      const meta = JSON.parse(readFileSync(metaFile, 'utf8')) as Meta;
      return { ...base, url: `sqlite:${path}`, generatedSeconds: 0, entries: meta.entries };
    }
    await removeStale(name, kind, key, options.pgAdminUrl);
    options.log(`generating ${name} on SQLite (${spec.description}) …`);
    const meta = await generateSqlite(name, seed, path);
    writeMeta(metaFile, meta);
    return { ...base, url: `sqlite:${path}`, generatedSeconds: meta.seconds, entries: meta.entries };
  }
  const database = pgName(key);
  if (existsSync(metaFile) && (await pgDatabaseExists(options.pgAdminUrl, database))) {
    const meta = JSON.parse(readFileSync(metaFile, 'utf8')) as Meta;
    return { ...base, url: pgUrl(options.pgAdminUrl, database), generatedSeconds: 0, entries: meta.entries };
  }
  await removeStale(name, kind, key, options.pgAdminUrl);
  options.log(`generating ${name} on PostgreSQL (${spec.description}) …`);
  const meta = await generatePostgres(name, seed, options.pgAdminUrl, database);
  writeMeta(metaFile, meta);
  return {
    ...base,
    url: pgUrl(options.pgAdminUrl, database),
    generatedSeconds: meta.seconds,
    entries: meta.entries,
  };
}

function writeMeta(file: string, meta: Meta) {
  // Written last, through a rename: its presence marks a complete dataset.
  const tmp = `${file}.tmp`;
  writeFileSync(tmp, JSON.stringify(meta));
  renameSync(tmp, file);
}

/** Older versions of the same dataset (other keys): removed so the cache does not grow without end. */
async function removeStale(name: DatasetName, kind: DbKind, key: string, adminUrl: string): Promise<void> {
  const prefix = `${name}-`;
  for (const file of readdirSync(datasetsDir)) {
    if (!file.startsWith(prefix) || file.startsWith(key)) continue;
    if (
      kind === 'sqlite' &&
      (file.endsWith('.db') || file.includes('.db-') || file.endsWith('.sqlite.json'))
    ) {
      rmSync(join(datasetsDir, file), { force: true });
    }
    if (kind === 'postgres' && file.endsWith('.postgres.json')) {
      const oldKey = file.slice(0, -'.postgres.json'.length);
      await pgAdmin(adminUrl, `drop database if exists ${pgName(oldKey)} with (force)`);
      rmSync(join(datasetsDir, file), { force: true });
    }
  }
}

// SQLite ------------------------------------------------------------------------------------------------------

async function generateSqlite(name: DatasetName, seed: number, finalPath: string): Promise<Meta> {
  const started = performance.now();
  const tmp = `${finalPath}.building`;
  for (const f of [tmp, `${tmp}-wal`, `${tmp}-shm`]) rmSync(f, { force: true });
  // The schema comes from the app's own migrations.
  const handle = openDatabase(`sqlite:${tmp}`);
  await migrateToLatest(handle.db, handle.kind);
  await handle.close();

  const db = new SqliteDatabase(tmp);
  db.pragma('journal_mode = MEMORY');
  db.pragma('synchronous = OFF');
  db.pragma('foreign_keys = OFF');
  db.pragma('cache_size = -1000000');
  db.pragma('temp_store = MEMORY');
  const indexes = db
    .prepare(
      `select name, sql from sqlite_master where type = 'index' and sql is not null and tbl_name in (${REINDEXED.map(() => '?').join(',')})`,
    )
    .all(...REINDEXED) as Array<{ name: string; sql: string }>;
  for (const index of indexes) db.exec(`drop index ${index.name}`);

  const statements = new Map<TableName, SqliteDatabase.Statement>();
  for (const [table, def] of Object.entries(TABLES) as Array<[TableName, (typeof TABLES)[TableName]]>) {
    statements.set(
      table,
      db.prepare(
        `insert into ${def.name} (${def.columns.join(', ')}) values (${def.columns.map(() => '?').join(', ')})`,
      ),
    );
  }
  let entries = 0;
  const sink: Sink = {
    write(table, rows) {
      const statement = statements.get(table);
      if (!statement) throw new Error(`no statement for ${table}`);
      for (const row of rows) statement.run(...row);
      if (table === 'entries') entries += rows.length;
    },
  };
  const spec = DATASETS[name];
  const ids = firstIds();
  db.exec('begin');
  for (let u = 0; u < spec.users; u++) await generateUser(spec, seed, u, ids, sink);
  db.exec('commit');
  for (const index of indexes) db.exec(index.sql);
  db.exec(AGGREGATE_SQL);
  db.exec(CATEGORY_AGGREGATE_SQL);
  db.exec(CATEGORY_SUMS_FROM_TOTALS);
  db.exec(BUDGETS_SQL);
  db.exec(VOLUME_SQL);
  db.pragma('journal_mode = WAL');
  db.close();
  renameSync(tmp, finalPath);
  return { seconds: (performance.now() - started) / 1000, entries };
}

// PostgreSQL --------------------------------------------------------------------------------------------------

const PG_BATCH = 5000;

async function generatePostgres(
  name: DatasetName,
  seed: number,
  adminUrl: string,
  database: string,
): Promise<Meta> {
  const started = performance.now();
  const building = `${database}_building`;
  await pgAdmin(adminUrl, `drop database if exists ${building} with (force)`, `create database ${building}`);
  const handle = openDatabase(pgUrl(adminUrl, building), { poolSize: 1 });
  await migrateToLatest(handle.db, handle.kind);
  await handle.close();

  const client = new pg.Client({ connectionString: pgUrl(adminUrl, building) });
  await client.connect();
  let entries = 0;
  try {
    // Foreign keys are enforced by triggers, which replica mode skips: the generator's rows are consistent.
    await client.query(`set session_replication_role = replica`);
    await client.query(`set maintenance_work_mem = '512MB'`);
    const { rows: indexes } = await client.query<{ name: string; def: string }>(
      `select i.relname as name, pg_get_indexdef(x.indexrelid) as def
       from pg_index x join pg_class i on i.oid = x.indexrelid join pg_class t on t.oid = x.indrelid
       where t.relname = any($1) and not exists (select 1 from pg_constraint c where c.conindid = x.indexrelid)`,
      [REINDEXED],
    );
    await client.query('begin');
    for (const index of indexes) await client.query(`drop index ${index.name}`);
    const buffers = new Map<TableName, Row[]>();
    const flush = async (table: TableName) => {
      const rows = buffers.get(table);
      if (!rows || rows.length === 0) return;
      buffers.set(table, []);
      const def = TABLES[table];
      const columns = def.columns.map((_, c) => rows.map((r) => r[c] ?? null));
      const params = def.pgTypes.map((type, c) => `$${c + 1}::${type}[]`).join(', ');
      await client.query(
        `insert into ${def.name} (${def.columns.join(', ')}) select * from unnest(${params})`,
        columns,
      );
    };
    const sink: Sink = {
      async write(table, rows) {
        let buffer = buffers.get(table);
        if (!buffer) {
          buffer = [];
          buffers.set(table, buffer);
        }
        for (const row of rows) buffer.push(row);
        if (table === 'entries') entries += rows.length;
        if (buffer.length >= PG_BATCH) await flush(table);
      },
    };
    const spec = DATASETS[name];
    const ids = firstIds();
    // Parents first: a child batch may be flushed before its parents' buffers are full.
    const order: TableName[] = [
      'users',
      'accounts',
      'categories',
      'subcategories',
      'tags',
      'entry_series',
      'entries',
      'entry_tags',
    ];
    const ordered: Sink = {
      async write(table, rows) {
        await sink.write(table, rows);
        if (table === 'entries' || table === 'entry_tags') {
          for (const parent of order.slice(0, order.indexOf(table))) await flush(parent);
        }
      },
    };
    for (let u = 0; u < spec.users; u++) await generateUser(spec, seed, u, ids, ordered);
    for (const table of order) await flush(table);
    for (const index of indexes) await client.query(index.def);
    await client.query(AGGREGATE_SQL);
    await client.query(CATEGORY_AGGREGATE_SQL);
    await client.query(CATEGORY_SUMS_FROM_TOTALS);
    await client.query(BUDGETS_SQL);
    await client.query(VOLUME_SQL);
    // Explicit ids do not move the sequences: the app's own inserts must start after the generated rows.
    for (const table of [
      'users',
      'accounts',
      'categories',
      'subcategories',
      'tags',
      'entry_series',
      'entries',
    ]) {
      await client.query(
        `select setval(pg_get_serial_sequence('${table}', 'id'), greatest((select coalesce(max(id), 0) from ${table}), 1000))`,
      );
    }
    await client.query('commit');
    await client.query('analyze');
  } finally {
    await client.end();
  }
  await pgAdmin(
    adminUrl,
    `drop database if exists ${database} with (force)`,
    `alter database ${building} rename to ${database}`,
  );
  return { seconds: (performance.now() - started) / 1000, entries };
}

// Working copies ----------------------------------------------------------------------------------------------

/** A disposable copy the benchmark may write to (POST /entry); the cached dataset stays pristine. */
export async function workingCopy(
  dataset: Dataset,
  adminUrl: string,
  label: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  if (dataset.kind === 'sqlite') {
    const source = dataset.url.slice('sqlite:'.length);
    const dir = join(dataDir, 'run');
    mkdirSync(dir, { recursive: true });
    const target = join(dir, `${label}.db`);
    for (const f of [target, `${target}-wal`, `${target}-shm`]) rmSync(f, { force: true });
    copyFileSync(source, target);
    return {
      url: `sqlite:${target}`,
      drop: async () => {
        for (const f of [target, `${target}-wal`, `${target}-shm`]) rmSync(f, { force: true });
      },
    };
  }
  const source = new URL(dataset.url).pathname.slice(1);
  const name = `centavo_bench_run_${label.toLowerCase().replace(/[^a-z0-9_]/g, '_')}`;
  await pgAdmin(
    adminUrl,
    `drop database if exists ${name} with (force)`,
    `create database ${name} template ${source}`,
  );
  return {
    url: pgUrl(adminUrl, name),
    drop: () => pgAdmin(adminUrl, `drop database if exists ${name} with (force)`),
  };
}

export function sqliteFileMb(dataset: Dataset): number | null {
  if (dataset.kind !== 'sqlite') return null;
  return statSync(dataset.url.slice('sqlite:'.length)).size / 2 ** 20;
}
