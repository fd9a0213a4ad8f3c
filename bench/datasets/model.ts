import { addMonths, daysInMonth, OPERATIONS, splitCents } from '@centavo/shared';
import { SYSTEM_CATEGORIES } from '../../apps/api/src/modules/reference/reference.data.ts';
import { DATASET_TODAY, type DatasetSpec } from './spec.ts';

/**
 * Pure, seeded generation of a dataset as rows (arrays in the column order of TABLES), streamed to a sink
 * month by month so a million entries never sit in memory at once. Same spec + seed → same rows.
 */

export type Cell = string | number | null;
export type Row = Cell[];

export interface TableDef {
  name: string;
  columns: string[];
  /** PostgreSQL element types, for the unnest() bulk insert. */
  pgTypes: string[];
}

const t = (name: string, cols: Array<[string, string]>): TableDef => ({
  name,
  columns: cols.map((c) => c[0]),
  pgTypes: cols.map((c) => c[1]),
});

export const TABLES = {
  users: t('users', [
    ['id', 'bigint'],
    ['name', 'text'],
    ['email', 'text'],
    ['email_normalized', 'text'],
    ['password_hash', 'text'],
    ['email_verified_at', 'text'],
    ['language_id', 'bigint'],
    ['currency_id', 'bigint'],
    ['country_id', 'bigint'],
    ['stripe_customer_id', 'text'],
    ['created_at', 'text'],
    ['updated_at', 'text'],
  ]),
  accounts: t('accounts', [
    ['id', 'bigint'],
    ['user_id', 'bigint'],
    ['name', 'text'],
    ['bank_id', 'bigint'],
    ['type', 'text'],
    ['initial_balance', 'bigint'],
    ['color', 'text'],
    ['archived', 'integer'],
    ['created_at', 'text'],
    ['updated_at', 'text'],
  ]),
  categories: t('categories', [
    ['id', 'bigint'],
    ['user_id', 'bigint'],
    ['name', 'text'],
    ['name_br', 'text'],
    ['type', 'text'],
    ['color', 'text'],
    ['icon', 'text'],
    ['system', 'integer'],
    ['created_at', 'text'],
    ['updated_at', 'text'],
  ]),
  subcategories: t('subcategories', [
    ['id', 'bigint'],
    ['category_id', 'bigint'],
    ['user_id', 'bigint'],
    ['name', 'text'],
    ['name_br', 'text'],
    ['created_at', 'text'],
    ['updated_at', 'text'],
  ]),
  tags: t('tags', [
    ['id', 'bigint'],
    ['user_id', 'bigint'],
    ['name', 'text'],
    ['name_normalized', 'text'],
    ['created_at', 'text'],
    ['updated_at', 'text'],
  ]),
  entry_series: t('entry_series', [
    ['id', 'bigint'],
    ['user_id', 'bigint'],
    ['kind', 'text'],
    ['day', 'integer'],
    ['limit_fixed_date', 'text'],
    ['generated_through', 'text'],
    ['description', 'text'],
    ['value', 'bigint'],
    ['operation_id', 'integer'],
    ['category_id', 'bigint'],
    ['sub_category_id', 'bigint'],
    ['account_id', 'bigint'],
    ['card_id', 'bigint'],
    ['destination_account_id', 'bigint'],
    ['notes', 'text'],
    ['tag_ids', 'text'],
    ['created_at', 'text'],
    ['updated_at', 'text'],
  ]),
  entries: t('entries', [
    ['id', 'bigint'],
    ['user_id', 'bigint'],
    ['description', 'text'],
    ['value', 'bigint'],
    ['date', 'text'],
    ['operation_id', 'integer'],
    ['category_id', 'bigint'],
    ['sub_category_id', 'bigint'],
    ['account_id', 'bigint'],
    ['card_id', 'bigint'],
    ['destination_account_id', 'bigint'],
    ['paid', 'integer'],
    ['paid_at', 'text'],
    ['notes', 'text'],
    ['fixed', 'integer'],
    ['limit_fixed_date', 'text'],
    ['series_id', 'bigint'],
    ['installment_number', 'integer'],
    ['installment_count', 'integer'],
    ['tag_ids', 'text'],
    ['created_at', 'text'],
    ['updated_at', 'text'],
  ]),
  entry_tags: t('entry_tags', [
    ['user_id', 'bigint'],
    ['entry_id', 'bigint'],
    ['tag_id', 'bigint'],
  ]),
} as const;

export type TableName = keyof typeof TABLES;

export interface Sink {
  write(table: TableName, rows: Row[]): void | Promise<void>;
}

/** sfc32: small, fast, good enough for test data, and identical on every machine. */
export class Rng {
  #a: number;
  #b: number;
  #c: number;
  #d: number;
  constructor(seed: number) {
    this.#a = 0x9e3779b9;
    this.#b = 0x243f6a88;
    this.#c = 0xb7e15162;
    this.#d = seed >>> 0;
    for (let i = 0; i < 15; i++) this.next();
  }
  next(): number {
    const a = this.#a;
    const b = this.#b;
    const c = this.#c;
    const d = this.#d;
    const t1 = (((a + b) | 0) + d) | 0;
    this.#d = (d + 1) | 0;
    this.#a = b ^ (b >>> 9);
    this.#b = (c + (c << 3)) | 0;
    const c2 = (c << 21) | (c >>> 11);
    this.#c = (c2 + t1) | 0;
    return (t1 >>> 0) / 4294967296;
  }
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)] as T;
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  /** Log-uniform cents between min and max: many small amounts, a few large ones. */
  cents(min: number, max: number): number {
    return Math.round(Math.exp(Math.log(min) + this.next() * (Math.log(max) - Math.log(min))));
  }
}

const DESCRIPTIONS: Record<number, string[]> = {
  [OPERATIONS.income]: ['Salary', 'Freelance project', 'Refund', 'Dividends', 'Interest', 'Sale', 'Bonus'],
  [OPERATIONS.expense]: [
    'Groceries',
    'Supermarket',
    'Restaurant',
    'Coffee',
    'Uber',
    'Fuel',
    'Pharmacy',
    'Electricity bill',
    'Water bill',
    'Internet',
    'Phone',
    'Rent',
    'Condo fee',
    'Cinema',
    'Books',
    'Clothes',
    'Gym',
    'Streaming',
    'Bakery',
    'Parking',
    'Doctor',
    'School',
    'Pet food',
    'Hardware store',
    'Gift',
  ],
  [OPERATIONS.investment]: ['Treasury bonds', 'Index fund', 'Stocks', 'Savings deposit', 'Pension plan'],
  [OPERATIONS.transfer]: ['Transfer', 'Move to savings', 'Card bill account', 'Cash withdrawal'],
};

const ACCOUNT_TYPES = ['checking', 'savings', 'investment', 'wallet', 'other'] as const;
const COLORS = ['#1c7ed6', '#2f9e44', '#e8590c', '#ae3ec9', '#f08c00', '#0ca678', '#d6336c', '#495057'];

type Kind = 'income' | 'expense' | 'investment';
const OP_KIND: Record<number, Kind> = {
  [OPERATIONS.income]: 'income',
  [OPERATIONS.expense]: 'expense',
  [OPERATIONS.investment]: 'investment',
};

interface CategoryChoice {
  id: number;
  subs: number[];
}

/** Ids of every table; a dataset is loaded into a freshly migrated database, so they are known in advance. */
export interface IdCounters {
  user: number;
  account: number;
  category: number;
  subcategory: number;
  tag: number;
  series: number;
  entry: number;
}

export function firstIds(): IdCounters {
  // User categories and subcategories start after the ids reserved for system rows (migration 002).
  return { user: 0, account: 0, category: 1000, subcategory: 1000, tag: 0, series: 0, entry: 0 };
}

export function systemCategoryCount(): number {
  return SYSTEM_CATEGORIES.length;
}

const stamp = (date: string) => `${date}T12:00:00.000Z`;

function isPaid(rng: Rng, date: string): number {
  return date <= DATASET_TODAY ? (rng.chance(0.97) ? 1 : 0) : rng.chance(0.05) ? 1 : 0;
}

/** Month `i` of the dataset's range ('YYYY-MM'). */
export function monthAt(spec: DatasetSpec, i: number): string {
  return addMonths(spec.firstMonth, i);
}

export function lastMonth(spec: DatasetSpec): string {
  return monthAt(spec, spec.months - 1);
}

/** Generates one user's rows into the sink. `ids` advances; the caller passes the same object for every user. */
export async function generateUser(
  spec: DatasetSpec,
  seed: number,
  index: number,
  ids: IdCounters,
  sink: Sink,
) {
  const rng = new Rng((seed ^ Math.imul(index + 1, 0x9e3779b1)) >>> 0);
  const userId = ++ids.user;
  const created = `${spec.firstMonth}-01`;
  const email = `bench-${spec.name.toLowerCase()}-${userId}@example.com`;
  await sink.write('users', [
    [
      userId,
      `Bench User ${userId}`,
      email,
      email,
      '$argon2id$v=19$m=19456,t=2,p=1$placeholder$placeholder',
      stamp(created),
      1,
      4,
      32,
      null,
      stamp(created),
      stamp(created),
    ],
  ]);

  const accounts: number[] = [];
  const accountRows: Row[] = [];
  for (let i = 0; i < spec.accountsPerUser; i++) {
    const id = ++ids.account;
    accounts.push(id);
    accountRows.push([
      id,
      userId,
      `Account ${i + 1}`,
      rng.int(1, 30),
      ACCOUNT_TYPES[i % ACCOUNT_TYPES.length] as string,
      rng.int(-50_000, 5_000_000),
      COLORS[i % COLORS.length] as string,
      0,
      stamp(created),
      stamp(created),
    ]);
  }
  await sink.write('accounts', accountRows);

  // Categories: the system tree plus the user's own, each own category with a few own subcategories.
  const byKind: Record<Kind, CategoryChoice[]> = { income: [], expense: [], investment: [] };
  for (const c of SYSTEM_CATEGORIES) {
    if (c.type === 'transfer') continue;
    byKind[c.type as Kind].push({ id: c.id, subs: c.subs.map((s) => s[0]) });
  }
  const own = Math.max(3, spec.visibleCategories - SYSTEM_CATEGORIES.length);
  const ownKinds: Kind[] = ['expense', 'income', 'investment'];
  const categoryRows: Row[] = [];
  const subRows: Row[] = [];
  for (let i = 0; i < own; i++) {
    const kind = ownKinds[i] ?? (rng.chance(0.75) ? 'expense' : rng.chance(0.5) ? 'income' : 'investment');
    const id = ++ids.category;
    const subs: number[] = [];
    categoryRows.push([
      id,
      userId,
      `My ${kind} ${i + 1}`,
      null,
      kind,
      rng.pick(COLORS),
      'tag',
      0,
      stamp(created),
      stamp(created),
    ]);
    for (let s = 0; s < spec.subcategoriesPerUserCategory; s++) {
      const subId = ++ids.subcategory;
      subs.push(subId);
      subRows.push([subId, id, userId, `Sub ${s + 1} of ${i + 1}`, null, stamp(created), stamp(created)]);
    }
    byKind[kind].push({ id, subs });
  }
  await sink.write('categories', categoryRows);
  await sink.write('subcategories', subRows);

  const tags: number[] = [];
  const tagRows: Row[] = [];
  for (let i = 0; i < spec.tagsPerUser; i++) {
    const id = ++ids.tag;
    tags.push(id);
    tagRows.push([id, userId, `Tag ${i + 1}`, `tag ${i + 1}`, stamp(created), stamp(created)]);
  }
  await sink.write('tags', tagRows);

  const pickAccount = () => (rng.chance(0.4) ? (accounts[0] as number) : rng.pick(accounts));
  const pickCategory = (op: number) => {
    const c = rng.pick(byKind[OP_KIND[op] as Kind]);
    return { category: c.id, sub: c.subs.length && rng.chance(0.7) ? rng.pick(c.subs) : null };
  };
  const pickOperation = () => {
    const r = rng.next();
    if (r < 0.7) return OPERATIONS.expense;
    if (r < 0.82) return OPERATIONS.income;
    if (r < 0.88) return OPERATIONS.investment;
    return spec.accountsPerUser > 1 ? OPERATIONS.transfer : OPERATIONS.expense;
  };
  const pickTags = (): number[] => {
    if (tags.length === 0 || !rng.chance(0.15)) return [];
    const first = rng.pick(tags);
    const second = rng.chance(0.3) ? rng.pick(tags) : first;
    return second === first ? [first] : [first, second].sort((a, b) => a - b);
  };
  const valueFor = (op: number) =>
    op === OPERATIONS.income
      ? rng.cents(5_000, 2_000_000)
      : op === OPERATIONS.investment
        ? rng.cents(10_000, 500_000)
        : rng.cents(300, 150_000);

  // Series: planned up front (few), their occurrences merged into each month below.
  interface Planned {
    day: number;
    row: Omit<EntryDraft, 'date' | 'paid'>;
  }
  const occurrences = new Map<string, Array<Planned & { date?: string }>>();
  const addOccurrence = (month: string, p: Planned) => {
    const list = occurrences.get(month) ?? [];
    list.push(p);
    occurrences.set(month, list);
  };
  const last = lastMonth(spec);
  const lastDate = `${last}-${String(daysInMonth(Number(last.slice(0, 4)), Number(last.slice(5, 7)))).padStart(2, '0')}`;
  const seriesRows: Row[] = [];
  let seriesEntries = 0;
  for (let i = 0; i < spec.fixedSeriesPerUser; i++) {
    const id = ++ids.series;
    const op = i === 0 ? OPERATIONS.income : OPERATIONS.expense;
    const { category, sub } = pickCategory(op);
    const day = rng.int(1, 31);
    const account = accounts[0] as number;
    const value = op === OPERATIONS.income ? rng.cents(300_000, 1_500_000) : rng.cents(5_000, 300_000);
    const description =
      op === OPERATIONS.income
        ? 'Salary'
        : rng.pick(['Rent', 'Internet', 'Streaming', 'Gym', 'School', 'Insurance']);
    // Limited to the range's last day and materialised through it: the app never needs to extend it.
    seriesRows.push([
      id,
      userId,
      'fixed',
      day,
      lastDate,
      last,
      description,
      value,
      op,
      category,
      sub,
      account,
      null,
      null,
      null,
      '',
      stamp(created),
      stamp(created),
    ]);
    const row = {
      description,
      value,
      operation_id: op,
      category_id: category,
      sub_category_id: sub,
      account_id: account,
      destination_account_id: null,
      notes: null,
      fixed: 1,
      limit_fixed_date: lastDate,
      series_id: id,
      installment_number: null,
      installment_count: null,
      tags: [],
    };
    for (let m = 0; m < spec.months; m++) addOccurrence(monthAt(spec, m), { day, row });
    seriesEntries += spec.months;
  }
  for (let i = 0; i < spec.installmentPurchasesPerUser; i++) {
    const id = ++ids.series;
    const count = rng.int(2, 12);
    const startMonth = rng.int(0, spec.months - 1);
    const day = rng.int(1, 28);
    const { category, sub } = pickCategory(OPERATIONS.expense);
    const account = pickAccount();
    const total = rng.cents(10_000, 800_000);
    const description = `${rng.pick(DESCRIPTIONS[OPERATIONS.expense] as string[])} (installments)`;
    const through = monthAt(spec, startMonth + count - 1);
    seriesRows.push([
      id,
      userId,
      'installment',
      day,
      null,
      through,
      description,
      total,
      OPERATIONS.expense,
      category,
      sub,
      account,
      null,
      null,
      null,
      '',
      stamp(created),
      stamp(created),
    ]);
    const parts = splitCents(total, count);
    for (let n = 0; n < count; n++) {
      const month = monthAt(spec, startMonth + n);
      if (month > last) break;
      addOccurrence(month, {
        day,
        row: {
          description,
          value: parts[n] as number,
          operation_id: OPERATIONS.expense,
          category_id: category,
          sub_category_id: sub,
          account_id: account,
          destination_account_id: null,
          notes: null,
          fixed: 0,
          limit_fixed_date: null,
          series_id: id,
          installment_number: n + 1,
          installment_count: count,
          tags: [],
        },
      });
      seriesEntries += 1;
    }
  }
  await sink.write('entry_series', seriesRows);

  // Plain entries: the rest of the budget, spread evenly over the months with some jitter.
  const plain = Math.max(0, spec.entriesPerUser - seriesEntries);
  const perMonth = plain / spec.months;
  let emitted = 0;
  for (let m = 0; m < spec.months; m++) {
    const month = monthAt(spec, m);
    const year = Number(month.slice(0, 4));
    const mon = Number(month.slice(5, 7));
    const days = daysInMonth(year, mon);
    const target = m === spec.months - 1 ? plain - emitted : Math.round(perMonth * (m + 1)) - emitted;
    emitted += target;
    const drafts: EntryDraft[] = [];
    for (const o of occurrences.get(month) ?? []) {
      const date = `${month}-${String(Math.min(o.day, days)).padStart(2, '0')}`;
      drafts.push({ ...o.row, date, paid: isPaid(rng, date) });
    }
    for (let i = 0; i < target; i++) {
      const op = pickOperation();
      const date = `${month}-${String(rng.int(1, days)).padStart(2, '0')}`;
      const account = pickAccount();
      let destination: number | null = null;
      let category: number;
      let sub: number | null;
      if (op === OPERATIONS.transfer) {
        do destination = rng.pick(accounts);
        while (destination === account);
        category = 1;
        sub = 27;
      } else {
        ({ category, sub } = pickCategory(op));
      }
      drafts.push({
        description: rng.pick(DESCRIPTIONS[op] as string[]),
        value: valueFor(op),
        date,
        operation_id: op,
        category_id: category,
        sub_category_id: sub,
        account_id: account,
        destination_account_id: destination,
        paid: isPaid(rng, date),
        notes: rng.chance(0.1) ? `note ${rng.int(1, 9999)}` : null,
        fixed: 0,
        limit_fixed_date: null,
        series_id: null,
        installment_number: null,
        installment_count: null,
        tags: pickTags(),
      });
    }
    // Within a month, rows are inserted in date order (ids grow with the date, like a user entering them).
    drafts.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
    const entryRows: Row[] = [];
    const tagRows2: Row[] = [];
    for (const d of drafts) {
      const id = ++ids.entry;
      entryRows.push([
        id,
        userId,
        d.description,
        d.value,
        d.date,
        d.operation_id,
        d.category_id,
        d.sub_category_id,
        d.account_id,
        null,
        d.destination_account_id,
        d.paid,
        d.paid ? stamp(d.date) : null,
        d.notes,
        d.fixed,
        d.limit_fixed_date,
        d.series_id,
        d.installment_number,
        d.installment_count,
        d.tags.join(','),
        stamp(d.date),
        stamp(d.date),
      ]);
      for (const tag of d.tags) tagRows2.push([userId, id, tag]);
    }
    await sink.write('entries', entryRows);
    if (tagRows2.length) await sink.write('entry_tags', tagRows2);
  }
}

interface EntryDraft {
  description: string;
  value: number;
  date: string;
  operation_id: number;
  category_id: number;
  sub_category_id: number | null;
  account_id: number;
  destination_account_id: number | null;
  paid: number;
  notes: string | null;
  fixed: number;
  limit_fixed_date: string | null;
  series_id: number | null;
  installment_number: number | null;
  installment_count: number | null;
  tags: number[];
}
