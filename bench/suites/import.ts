import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import * as actual from '@actual-app/api';
import { OPERATIONS } from '@centavo/shared';
import type { DbKind } from '../datasets/load.ts';
import { type PeerData, type PeerEntry, peerData } from '../datasets/peer.ts';
import { type BenchContext, type Benchmark, pgUrl, push } from '../lib/context.ts';
import { dropDatabase, recreateDatabase } from '../lib/pg.ts';
import { cpuTimeMs, dataDir, type Server } from '../lib/proc.ts';
import { type BenchResult, metric } from '../lib/report.ts';
import { bearer, startApp } from '../lib/servers.ts';

/**
 * Issue 20 / QUALITY.md "import 30 000 OFX/CSV rows": D3's 30 000 entries as ONE bank statement (Nubank's
 * account CSV: date, signed value, id, description) uploaded to a fresh account through `POST /import`
 * (staged and previewed ≤ 3 s) and written by `POST /import/{id}/commit` (≤ 5 s) on SQLite, and the same on
 * PostgreSQL; beside it, in the same run, Actual Budget's own engine (`@actual-app/api`, in this process)
 * doing its `runImport` of the same rows into one account (createAccount + addTransactions). The ratio is
 * Actual's time / Centavo's staged + committed time (target ≥ 10×). The same rows as OFX (SGML) are timed too.
 */

const DATASET = 'D3';
const TARGET_SPEEDUP = { on: 'speedup', op: '>=', limit: 10 } as const;

/** Money in the statement's sign: money out negative (expenses, investments, transfers out). */
const signed = (e: PeerEntry) => (e.operation_id === OPERATIONS.income ? e.value : -e.value);
const decimal = (cents: number) =>
  `${cents < 0 ? '-' : ''}${Math.floor(Math.abs(cents) / 100)}.${String(Math.abs(cents) % 100).padStart(2, '0')}`;
const brDate = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
const csvCell = (text: string) => (/[",\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);

function nubankCsv(data: PeerData): string {
  const lines = ['Data,Valor,Identificador,Descrição'];
  for (const e of data.entries) {
    lines.push(`${brDate(e.date)},${decimal(signed(e))},d3-${e.id},${csvCell(e.description)}`);
  }
  return `${lines.join('\n')}\n`;
}

function ofxSgml(data: PeerData): string {
  const head =
    'OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\nSECURITY:NONE\nENCODING:USASCII\nCHARSET:1252\n\n<OFX>\n' +
    '<BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>BRL\n<BANKTRANLIST>\n';
  const body = data.entries
    .map(
      (e) =>
        `<STMTTRN>\n<TRNTYPE>${signed(e) < 0 ? 'DEBIT' : 'CREDIT'}\n<DTPOSTED>${e.date.replace(/-/g, '')}000000[-3:BRT]\n` +
        `<TRNAMT>${decimal(signed(e)).replace('.', ',')}\n<FITID>d3-${e.id}\n<MEMO>${e.description.replace(/[<&]/g, ' ')}\n</STMTTRN>\n`,
    )
    .join('');
  return `${head}${body}</BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>\n`;
}

/**
 * Actual's runImport of the same rows, timed here (not from a cache): one Actual account per D3 account, each
 * given its rows in one addTransactions (30 000 rows into a single account took Actual 13 minutes here, so
 * the per-account split is the kinder baseline). Amounts signed as in the statement; no categories (the
 * Centavo side's rows come in uncategorised too).
 */
async function actualImport(
  data: PeerData,
  log: (m: string) => void,
): Promise<{ seconds: number; stored: number }> {
  const dir = join(dataDir, 'run', 'actual-import');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  await actual.init({ dataDir: dir, verbose: false });
  log(`Actual: runImport of ${data.entries.length.toLocaleString('en-US')} rows …`);
  const ids: string[] = [];
  const started = performance.now();
  try {
    await actual.runImport(`Centavo import ${DATASET}`, async () => {
      for (const account of data.accounts) {
        const id = await actual.createAccount({ name: account.name, offbudget: false }, 0);
        ids.push(id);
        await actual.addTransactions(
          id,
          data.entries
            .filter((e) => e.account_id === account.id)
            .map((e) => ({
              date: e.date,
              amount: signed(e),
              payee_name: e.description,
              imported_id: `d3-${e.id}`,
              cleared: true,
            })),
        );
      }
    });
    const seconds = (performance.now() - started) / 1000;
    const budgetId = (await actual.getBudgets()).find((b) => b.name === `Centavo import ${DATASET}`)?.id;
    if (budgetId) await actual.loadBudget(budgetId);
    let stored = 0;
    for (const id of ids) stored += (await actual.getTransactions(id, '1900-01-01', '2100-12-31')).length;
    return { seconds, stored };
  } finally {
    await actual.shutdown();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function call(server: Server, method: string, path: string, body?: BodyInit, headers = {}) {
  const started = performance.now();
  const res = await fetch(`${server.url}/api/v1${path}`, {
    method,
    headers: { ...bearer(server), ...headers },
    ...(body ? { body } : {}),
  });
  const text = await res.text();
  const seconds = (performance.now() - started) / 1000;
  if (!res.ok) throw new Error(`${method} ${path} → ${res.status}: ${text.slice(0, 300)}`);
  return { seconds, json: JSON.parse(text) as Record<string, unknown> };
}

async function importFile(server: Server, name: string, text: string) {
  const account = await call(server, 'POST', '/account', JSON.stringify({ name: `Statement ${name}` }), {
    'content-type': 'application/json',
  });
  const form = new FormData();
  form.set('account_id', String(account.json.id));
  form.set('file', new Blob([text]), name);
  const cpu0 = cpuTimeMs(server.pid) ?? 0;
  const staged = await call(server, 'POST', '/import', form);
  const cpu1 = cpuTimeMs(server.pid) ?? 0;
  const id = staged.json.id as number;
  const counts = staged.json.counts as { rows: number; new: number };
  const committed = await call(server, 'POST', `/import/${id}/commit`, undefined, {
    'idempotency-key': `bench-${name}`,
  });
  const cpu2 = cpuTimeMs(server.pid) ?? 0;
  const list = await call(
    server,
    'GET',
    `/entry?start_date=2000-01-01&end_date=2070-12-31&account_id=${account.json.id}&per_page=1`,
  );
  return {
    staged: staged.seconds,
    committed: committed.seconds,
    /** The server process's CPU time for each (from /proc): what the work costs, whatever the load. */
    stagedCpu: (cpu1 - cpu0) / 1000,
    committedCpu: (cpu2 - cpu1) / 1000,
    rows: counts.rows,
    created: committed.json.created as number,
    stored: (list.json.meta as { total: number }).total,
  };
}

const DB_LABEL: Record<DbKind, string> = { sqlite: 'SQLite', postgres: 'PostgreSQL' };

async function onDatabase(
  ctx: BenchContext,
  result: BenchResult,
  kind: DbKind,
  data: PeerData,
  peer: number,
) {
  const file = join(dataDir, 'run', 'import.db');
  const name = 'centavo_bench_run_import';
  const remove = () => {
    for (const f of [file, `${file}-wal`, `${file}-shm`]) rmSync(f, { force: true });
  };
  let url: string;
  if (kind === 'sqlite') {
    remove();
    url = `sqlite:${file}`;
  } else {
    await recreateDatabase(ctx.pgAdminUrl, name);
    url = pgUrl(ctx.pgAdminUrl, name);
  }
  const server = await startApp({ databaseUrl: url, createUser: true });
  const label = DB_LABEL[kind];
  try {
    const rows = data.entries.length.toLocaleString('en-US');
    ctx.log(`${label}: importing ${rows} rows as CSV …`);
    const csv = await importFile(server, 'd3.csv', nubankCsv(data));
    const whole = csv.staged + csv.committed;
    const complete = csv.created === data.entries.length && csv.stored === data.entries.length;
    push(
      result,
      metric({
        name: `${label}: ${rows} CSV rows staged (POST /import: read, match, preview)`,
        value: csv.staged,
        unit: 's',
        target: kind === 'sqlite' ? { on: 'value', op: '<=', limit: 3 } : undefined,
        note: `${csv.rows} rows staged; server CPU ${csv.stagedCpu.toFixed(2)} s`,
      }),
    );
    push(
      result,
      metric({
        name: `${label}: ${rows} rows committed (POST /import/{id}/commit, one transaction)`,
        value: csv.committed,
        unit: 's',
        target: kind === 'sqlite' ? { on: 'value', op: '<=', limit: 5 } : undefined,
        note: `${csv.created} entries created, ${csv.stored} listed by GET /entry; server CPU ${csv.committedCpu.toFixed(2)} s`,
      }),
    );
    push(
      result,
      metric({
        name: `${label}: the whole import (staged + committed) against Actual's runImport of the same rows`,
        value: whole,
        unit: 's',
        baseline: peer,
        baselineName: 'Actual runImport (same run)',
        target: TARGET_SPEEDUP,
        verdict: complete ? undefined : 'FAIL',
        note: complete
          ? `${(peer / whole).toFixed(1)}× faster`
          : `only ${csv.stored} of ${data.entries.length} stored`,
      }),
    );
    ctx.log(`${label}: importing ${rows} rows as OFX …`);
    const ofx = await importFile(server, 'd3.ofx', ofxSgml(data));
    push(
      result,
      metric({
        name: `${label}: the same rows as OFX 1.x (SGML): staged + committed`,
        value: ofx.staged + ofx.committed,
        unit: 's',
        baseline: peer,
        baselineName: 'Actual runImport (same run)',
        note: `${(peer / (ofx.staged + ofx.committed)).toFixed(1)}× faster; staged ${ofx.staged.toFixed(2)} s (CPU ${ofx.stagedCpu.toFixed(2)} s), committed ${ofx.committed.toFixed(2)} s (CPU ${ofx.committedCpu.toFixed(2)} s); ${ofx.created} created (a second account)`,
      }),
    );
  } finally {
    await server.stop();
    if (kind === 'sqlite') remove();
    else await dropDatabase(ctx.pgAdminUrl, name);
  }
}

export const importBench: Benchmark = {
  name: 'import',
  title: `Import: ${DATASET}'s 30 000 rows as one statement, staged and committed, against Actual's runImport`,
  group: 'ledger',
  async run(ctx, result) {
    const data = await peerData(DATASET);
    const peer = await actualImport(data, ctx.log);
    push(
      result,
      metric({
        name: `Actual ${DATASET}: runImport of ${data.entries.length.toLocaleString('en-US')} rows (one addTransactions per account)`,
        value: peer.seconds,
        unit: 's',
        verdict: peer.stored === data.entries.length ? 'INFO' : 'FAIL',
        note: `${peer.stored} transactions stored; in-process, timed in this run`,
      }),
    );
    for (const kind of ['sqlite', 'postgres'] as const)
      await onDatabase(ctx, result, kind, data, peer.seconds);
  },
};
