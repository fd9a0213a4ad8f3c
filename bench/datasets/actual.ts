import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as actual from '@actual-app/api';
import { OPERATIONS } from '@centavo/shared';
import { dataDir, rootDir } from '../lib/proc.ts';
import type { PeerData, PeerEntry } from './peer.ts';
import { GENERATOR_VERSION } from './spec.ts';

/**
 * A dataset loaded into Actual Budget's own engine (`@actual-app/api`, in this process), the peer of
 * QUALITY.md "Speed". Loading 30 000 transactions takes about a minute, so the budget directory is cached
 * under bench/.data/actual/<key>/ like the datasets (key: dataset, generator version, seed and a hash of the
 * generator, this mapping and the Actual version); a run works on a copy, so the cache stays pristine.
 *
 * Mapping (Actual has two levels, category group → category; Centavo has category → subcategory):
 * - each Centavo expense or investment category is an Actual category group; its subcategories are Actual
 *   categories in it, plus one named like the group for the entries without a subcategory;
 * - income categories are Actual income categories in Actual's one income group (its API creates expense
 *   groups only), named "category" or "category: subcategory";
 * - amounts are integer cents on both sides, negative in Actual for expense and investment;
 * - a transfer is added on its source account with the destination's transfer payee, so Actual creates the
 *   receiving half (two transactions, no category), as an account's list in Centavo shows it on both sides;
 * - paid → cleared, notes → notes, description → payee name (Actual creates the payees);
 * - skipped, Actual has no equivalent through its API: tags, fixed series and installment purchases as
 *   series (their occurrences are loaded as single transactions, as in Centavo here), accounts' initial
 *   balances (Actual would date them today, inside the range; no read here uses them).
 */

export interface ActualBudget {
  key: string;
  budgetId: string;
  /** Centavo account id → Actual account id. */
  accounts: Record<string, string>;
  /** Actual category id → the Centavo category it belongs to (a leaf: the category or a subcategory of it). */
  categoryOf: Record<string, number>;
  /** Actual categories of Centavo's expense categories: what an expense report sums. */
  expenseCategories: string[];
  transactions: number;
  /** The whole runImport: budget, categories, accounts and transactions. */
  loadSeconds: number;
  /** Its addTransactions calls alone. */
  addSeconds: number;
  builtAt: string;
  actualVersion: string;
}

const here = dirname(fileURLToPath(import.meta.url));
const cacheDir = join(dataDir, 'actual');
const runDir = join(dataDir, 'run', 'actual');

function actualVersion(): string {
  const entry = fileURLToPath(import.meta.resolve('@actual-app/api'));
  const pkg = JSON.parse(readFileSync(join(dirname(entry), '..', 'package.json'), 'utf8')) as {
    version: string;
  };
  return pkg.version;
}

/** Keyed like the datasets' caches, plus this file and the engine's version. */
function cacheKey(data: PeerData, version: string): string {
  const h = createHash('sha256');
  h.update(`v${GENERATOR_VERSION} seed ${data.seed} actual ${version}\n`);
  for (const file of ['model.ts', 'spec.ts', 'peer.ts', 'actual.ts']) {
    h.update(readFileSync(join(here, file), 'utf8').replace(/[\s,]+/g, ''));
  }
  h.update(readFileSync(join(rootDir, 'apps/api/src/modules/reference/reference.data.ts')));
  return `${data.name}-v${GENERATOR_VERSION}-s${data.seed}-${h.digest('hex').slice(0, 10)}`;
}

/**
 * The dataset in Actual, from the cache or loaded now, opened in this process (init + loadBudget on a copy).
 * `fresh` says whether the load was timed in this run. Call `closeActual` when done.
 */
export async function openActualBudget(
  data: PeerData,
  log: (message: string) => void,
): Promise<{ budget: ActualBudget; fresh: boolean }> {
  const version = actualVersion();
  const key = cacheKey(data, version);
  const dir = join(cacheDir, key);
  const metaFile = join(cacheDir, `${key}.json`);
  mkdirSync(cacheDir, { recursive: true });
  let fresh = false;
  if (!existsSync(dir) || !existsSync(metaFile)) {
    for (const file of readdirSync(cacheDir)) {
      if (file.startsWith(`${data.name}-`)) rmSync(join(cacheDir, file), { recursive: true, force: true });
    }
    log(
      `loading ${data.name} into Actual ${version} (${data.entries.length.toLocaleString('en-US')} entries) …`,
    );
    const budget = await build(data, key, version, `${dir}.building`);
    renameSync(`${dir}.building`, dir);
    // Written last, through a rename: its presence marks a complete budget.
    writeFileSync(`${metaFile}.tmp`, JSON.stringify(budget));
    renameSync(`${metaFile}.tmp`, metaFile);
    fresh = true;
  }
  const budget = JSON.parse(readFileSync(metaFile, 'utf8')) as ActualBudget;
  rmSync(runDir, { recursive: true, force: true });
  cpSync(dir, runDir, { recursive: true });
  await actual.init({ dataDir: runDir, verbose: false });
  await actual.loadBudget(budget.budgetId);
  return { budget, fresh };
}

export async function closeActual(): Promise<void> {
  await actual.shutdown();
  rmSync(runDir, { recursive: true, force: true });
}

/** A name not yet taken (Actual compares names case-insensitively within a group, and group names globally). */
function unique(taken: Set<string>, name: string, id: number): string {
  const chosen = taken.has(name.toUpperCase()) ? `${name} #${id}` : name;
  taken.add(chosen.toUpperCase());
  return chosen;
}

async function build(data: PeerData, key: string, version: string, dir: string): Promise<ActualBudget> {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  await actual.init({ dataDir: dir, verbose: false });
  const accounts: Record<string, string> = {};
  const categoryOf: Record<string, number> = {};
  const expenseCategories: string[] = [];
  let addSeconds = 0;
  const started = performance.now();
  await actual.runImport(`Centavo ${data.name}`, async () => {
    // runImport has deleted the default expense groups; the income group and its categories remain.
    const groups = await actual.getCategoryGroups();
    const incomeGroup = groups.find((g) => g.is_income);
    if (!incomeGroup) throw new Error('Actual: no income category group');
    const groupNames = new Set(groups.map((g) => g.name.toUpperCase()));
    const incomeNames = new Set((incomeGroup.categories ?? []).map((c) => c.name.toUpperCase()));
    const leaf = new Map<string, string>();
    for (const category of data.categories) {
      const income = category.type === 'income';
      const groupId = income
        ? incomeGroup.id
        : await actual.createCategoryGroup({
            name: unique(groupNames, category.name, category.id),
            is_income: false,
            hidden: false,
          });
      const names = income ? incomeNames : new Set<string>();
      const leaves: Array<[number | null, string]> = [
        [null, category.name],
        ...category.subs.map((s): [number, string] => [
          s.id,
          income ? `${category.name}: ${s.name}` : s.name,
        ]),
      ];
      for (const [sub, name] of leaves) {
        const id = await actual.createCategory({
          name: unique(names, name, sub ?? category.id),
          group_id: groupId,
          is_income: income,
          hidden: false,
        });
        leaf.set(`${category.id}|${sub ?? ''}`, id);
        categoryOf[id] = category.id;
        if (category.type === 'expense') expenseCategories.push(id);
      }
    }
    for (const account of data.accounts) {
      accounts[account.id] = await actual.createAccount({ name: account.name, offbudget: false }, 0);
    }
    const transferPayee = new Map<string, string>();
    for (const payee of await actual.getPayees()) {
      if (payee.transfer_acct) transferPayee.set(payee.transfer_acct, payee.id);
    }
    const toActual = (e: PeerEntry) => {
      const common = { date: e.date, cleared: e.paid, notes: e.notes ?? undefined };
      if (e.operation_id === OPERATIONS.transfer) {
        const payee = transferPayee.get(accounts[e.destination_account_id ?? -1] ?? '');
        if (!payee) throw new Error(`Actual: no transfer payee for account ${e.destination_account_id}`);
        return { ...common, amount: -e.value, payee };
      }
      const category = leaf.get(`${e.category_id}|${e.sub_category_id ?? ''}`);
      if (!category) throw new Error(`Actual: no category for ${e.category_id}/${e.sub_category_id}`);
      const amount = e.operation_id === OPERATIONS.income ? e.value : -e.value;
      return { ...common, amount, category, payee_name: e.description };
    };
    for (const account of data.accounts) {
      const rows = data.entries.filter((e) => e.account_id === account.id).map(toActual);
      const t0 = performance.now();
      await actual.addTransactions(accounts[account.id] ?? '', rows, { runTransfers: true });
      addSeconds += (performance.now() - t0) / 1000;
    }
  });
  const loadSeconds = (performance.now() - started) / 1000;
  const budgetId = (await actual.getBudgets()).find((b) => b.name === `Centavo ${data.name}`)?.id;
  await actual.shutdown();
  if (!budgetId) throw new Error('Actual: the imported budget is not listed');
  return {
    key,
    budgetId,
    accounts,
    categoryOf,
    expenseCategories,
    transactions: data.entries.length,
    loadSeconds,
    addSeconds,
    builtAt: new Date().toISOString(),
    actualVersion: version,
  };
}

/** One month of an account's transactions, as Actual's own account page asks for them. */
export function actualMonth(accountId: string, month: string, lastDay: string) {
  return actual.getTransactions(accountId, `${month}-01`, lastDay);
}

interface AggregateRow {
  category: string;
  month: string;
  amount: number;
}

/** Expense per Actual category and month over a date range: one AQL query, grouped in Actual's engine. */
export async function actualExpenseByCategoryMonth(
  budget: ActualBudget,
  start: string,
  end: string,
): Promise<AggregateRow[]> {
  const query = actual
    .q('transactions')
    .filter({ date: { $gte: start, $lte: end }, category: { $oneof: budget.expenseCategories } })
    .groupBy(['category', { $month: '$date' }])
    .select(['category', { month: { $month: '$date' } }, { amount: { $sum: '$amount' } }]);
  const { data } = (await actual.aqlQuery(query)) as { data: AggregateRow[] };
  return data;
}
