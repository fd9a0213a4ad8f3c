import {
  addMonthsToDate,
  currentMonth,
  dateInMonth,
  type Entry,
  type EntryCreateInput,
  type EntryFilters,
  type EntryListQuery,
  type EntryScope,
  type EntryTagsInput,
  type EntryUpdateInput,
  firstDayOfMonth,
  lastDayOfMonth,
  monthOf,
  OPERATIONS,
  splitCents,
  TRANSFER_CATEGORY_ID,
  TRANSFER_SUBCATEGORY_ID,
} from '@centavo/shared';
import type { Updateable } from 'kysely';
import type { Db } from '../../db/connection.ts';
import type { EntriesTable, EntrySeriesTable } from '../../db/tables/ledger.ts';
import { notFound, validationError } from '../../lib/errors.ts';
import { findOwnedAccountIds } from '../accounts/accounts.repository.ts';
import { findVisibleCategory, findVisibleSubcategory } from '../categories/categories.repository.ts';
import { categoryTypeMessage } from '../categories/categories.service.ts';
import { inTransaction, nowIso } from '../ledger/common.ts';
import { findOrCreateTags, findOwnedTagIds } from '../tags/tags.repository.ts';
import {
  countEntries,
  deleteEntries,
  deleteSeries,
  type EntryQuery,
  type EntryRefRows,
  type EntryRow,
  findEntries,
  findEntryById,
  findEntryRefs,
  findLastSeriesDate,
  findSeriesById,
  findSeriesEntries,
  insertEntries,
  insertEntryTags,
  insertSeries,
  type NewEntryRow,
  parseTagIds,
  replaceEntryTags,
  type SeriesRow,
  setSeriesEntriesLimit,
  updateEntries,
  updateEntry as updateEntryRow,
  updateSeries,
} from './entries.repository.ts';
import {
  ensureSeriesThrough,
  extendSeries,
  horizonMonth,
  occurrenceDates,
  seriesNeedExtension,
} from './series.service.ts';
import { applyEntryChanges } from './totals.repository.ts';

export function toEntry(row: EntryRow): Entry {
  return {
    id: row.id,
    description: row.description,
    value: row.value,
    date: row.date,
    operation_id: row.operation_id,
    category_id: row.category_id,
    sub_category_id: row.sub_category_id,
    account_id: row.account_id,
    card_id: row.card_id,
    destination_account_id: row.destination_account_id,
    paid: row.paid === 1,
    paid_at: row.paid_at,
    notes: row.notes,
    fixed: row.fixed === 1,
    limit_fixed_date: row.limit_fixed_date,
    series_id: row.series_id,
    installment_number: row.installment_number,
    installment_count: row.installment_count,
    tags: parseTagIds(row.tag_ids),
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

interface RefsInput {
  operation_id: number;
  category_id?: number | null | undefined;
  sub_category_id?: number | null | undefined;
  account_id?: number | null | undefined;
  card_id?: number | null | undefined;
  destination_account_id?: number | null | undefined;
}

interface Refs {
  operation_id: number;
  category_id: number;
  sub_category_id: number | null;
  account_id: number;
  card_id: null;
  destination_account_id: number | null;
}

const OPERATION_TYPE: Record<number, string> = {
  [OPERATIONS.income]: 'income',
  [OPERATIONS.expense]: 'expense',
  [OPERATIONS.investment]: 'investment',
};

/** An entry's references as they will be stored, and what the database must confirm about them. */
interface RefsPlan {
  refs: Refs;
  accounts: [number] | [number, number];
  categoryId: number | null;
  categoryType: string | null;
  subCategoryId: number | null;
}

/** The shape checks of an entry's references (422 naming the field), before any lookup. */
function planRefs(input: RefsInput): RefsPlan {
  if (input.card_id != null) throw validationError({ card_id: 'cardsUnavailable' });
  if (input.account_id == null) throw validationError({ account_id: 'isRequired' });
  if (input.operation_id === OPERATIONS.transfer) {
    const destination = input.destination_account_id;
    if (destination == null) throw validationError({ destination_account_id: 'requiredForTransfer' });
    if (destination === input.account_id) {
      throw validationError({ destination_account_id: 'differentFromAccount' });
    }
    return {
      // DESIGN.md §3: a transfer always lands in category 1 / subcategory 27, whatever was sent.
      refs: {
        operation_id: OPERATIONS.transfer,
        category_id: TRANSFER_CATEGORY_ID,
        sub_category_id: TRANSFER_SUBCATEGORY_ID,
        account_id: input.account_id,
        card_id: null,
        destination_account_id: destination,
      },
      accounts: [input.account_id, destination],
      categoryId: null,
      categoryType: null,
      subCategoryId: null,
    };
  }
  if (input.category_id == null) throw validationError({ category_id: 'isRequired' });
  return {
    refs: {
      operation_id: input.operation_id,
      category_id: input.category_id,
      sub_category_id: input.sub_category_id ?? null,
      account_id: input.account_id,
      card_id: null,
      destination_account_id: null,
    },
    accounts: [input.account_id],
    categoryId: input.category_id,
    categoryType: OPERATION_TYPE[input.operation_id] ?? null,
    subCategoryId: input.sub_category_id ?? null,
  };
}

/**
 * The lookup's verdict on a plan: ids that are not the user's (or do not exist) → 404 naming the field, the
 * same answer for both; a category of the wrong type or a subcategory of another category → 422.
 */
function confirmRefs(plan: RefsPlan, found: EntryRefRows): void {
  const [account, destination] = plan.accounts;
  if (!found.accounts.has(account)) throw notFound('accountNotFound', 'account_id');
  if (destination !== undefined) {
    if (!found.accounts.has(destination)) throw notFound('accountNotFound', 'destination_account_id');
    return;
  }
  const category = found.category;
  if (!category) throw notFound('categoryNotFound', 'category_id');
  if (category.type !== plan.categoryType) {
    throw validationError({ category_id: categoryTypeMessage(plan.categoryType ?? '') });
  }
  if (plan.subCategoryId !== null) {
    const sub = found.subcategory;
    if (!sub) throw notFound('subcategoryNotFound', 'sub_category_id');
    if (sub.category_id !== category.id) {
      throw validationError({ sub_category_id: 'belongsToCategory' });
    }
  }
}

/** Checks an entry's references (planRefs, then one lookup for confirmRefs) and answers them as stored. */
async function resolveRefs(db: Db, userId: number, input: RefsInput): Promise<Refs> {
  const plan = planRefs(input);
  const found = await findEntryRefs(db, userId, plan.accounts, plan.categoryId, plan.subCategoryId);
  confirmRefs(plan, found);
  return plan.refs;
}

/** Tag ids from an array of ids or a comma-separated string of ids and labels (labels are created). */
async function resolveTags(db: Db, userId: number, input: EntryTagsInput | undefined): Promise<number[]> {
  if (input === undefined) return [];
  let ids: number[];
  let labels: string[] = [];
  if (Array.isArray(input)) {
    ids = input;
  } else {
    const items = input
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    ids = items.filter((s) => /^\d{1,15}$/.test(s)).map(Number);
    labels = items.filter((s) => !/^\d{1,15}$/.test(s));
    if (labels.some((l) => l.length > 50)) throw validationError({ tags: 'tagTooLong' });
  }
  const unique = [...new Set(ids)];
  const owned = await findOwnedTagIds(db, userId, unique);
  if (unique.some((id) => !owned.has(id))) throw notFound('tagNotFound', 'tags');
  if (labels.length > 0) {
    const created = await findOrCreateTags(db, userId, labels, nowIso());
    for (const tag of created) if (!unique.includes(tag.id)) unique.push(tag.id);
  }
  return unique;
}

export async function getEntry(db: Db, userId: number, id: number): Promise<Entry> {
  const row = await findEntryById(db, userId, id);
  if (!row) throw notFound('entryNotFound');
  return toEntry(row);
}

/**
 * POST /entry: a single entry, an installment purchase (N rows, remainder cents on the first) or a fixed
 * series (occurrences materialised through the horizon). One transaction including the aggregates; answers
 * the first entry.
 */
export async function createEntry(
  db: Db,
  userId: number,
  body: EntryCreateInput,
  now = new Date(),
): Promise<Entry> {
  const stamp = now.toISOString();
  const baseRow = (refs: Refs, tagIds: number[]): NewEntryRow => ({
    user_id: userId,
    description: body.description,
    value: body.value,
    date: body.date,
    ...refs,
    paid: body.paid ? 1 : 0,
    paid_at: body.paid ? stamp : null,
    notes: body.notes ?? null,
    fixed: 0,
    limit_fixed_date: null,
    series_id: null,
    installment_number: null,
    installment_count: null,
    tag_ids: tagIds.join(','),
    created_at: stamp,
    updated_at: stamp,
  });
  return inTransaction(db, async (trx) => {
    const refs = await resolveRefs(trx, userId, body);
    const tagIds = await resolveTags(trx, userId, body.tags);
    const base = baseRow(refs, tagIds);
    let rows: NewEntryRow[] = [base];
    const day = Number(body.date.slice(8, 10));
    const seriesTemplate = {
      user_id: userId,
      day,
      description: body.description,
      value: body.value,
      ...refs,
      notes: body.notes ?? null,
      tag_ids: tagIds.join(','),
      created_at: stamp,
      updated_at: stamp,
    };
    if (body.installments) {
      const count = body.installments;
      const values = splitCents(body.value, count);
      const seriesId = await insertSeries(trx, {
        ...seriesTemplate,
        kind: 'installment',
        limit_fixed_date: null,
        generated_through: monthOf(addMonthsToDate(body.date, count - 1)),
      });
      // Only the first installment takes the paid flag sent: the others fall due in later months.
      rows = values.map((value, i) => ({
        ...base,
        value,
        date: addMonthsToDate(body.date, i),
        paid: i === 0 ? base.paid : 0,
        paid_at: i === 0 ? base.paid_at : null,
        series_id: seriesId,
        installment_number: i + 1,
        installment_count: count,
      }));
    } else if (body.fixed) {
      const startMonth = monthOf(body.date);
      const horizon = horizonMonth(now);
      let through = horizon > startMonth ? horizon : startMonth;
      const limit = body.limit_fixed_date ?? null;
      if (limit && monthOf(limit) < through) through = monthOf(limit);
      const seriesId = await insertSeries(trx, {
        ...seriesTemplate,
        kind: 'fixed',
        limit_fixed_date: limit,
        generated_through: through,
      });
      const dates = occurrenceDates(day, body.date, limit, startMonth, through);
      rows = dates.map((date, i) => ({
        ...base,
        date,
        paid: i === 0 ? base.paid : 0,
        paid_at: i === 0 ? base.paid_at : null,
        fixed: 1,
        limit_fixed_date: limit,
        series_id: seriesId,
      }));
    }
    const ids = await insertEntries(trx, rows);
    await insertEntryTags(trx, userId, ids, tagIds);
    await applyEntryChanges(trx, userId, [], rows);
    const first = rows[0] as NewEntryRow;
    return toEntry({ ...first, id: ids[0] as number });
  });
}

/** The entries a scoped change applies to: this one, this and the following, or the whole series. */
async function entriesInScope(
  db: Db,
  userId: number,
  target: EntryRow,
  scope: EntryScope,
): Promise<EntryRow[]> {
  if (scope === 'one' || target.series_id === null) return [target];
  return findSeriesEntries(db, userId, target.series_id, scope === 'next' ? target : undefined);
}

/**
 * PUT /entry/{id}?scope=: the given fields go to every entry in scope. A changed date moves the target; with
 * scope next/all it sets the day of month of each occurrence (clamped) and keeps their months. For a fixed
 * series, scope next/all also updates the template of future occurrences, and limit_fixed_date shortens
 * (deleting occurrences after it) or extends the series.
 */
export async function updateEntry(
  db: Db,
  userId: number,
  id: number,
  patch: EntryUpdateInput,
  scope: EntryScope,
  now = new Date(),
): Promise<Entry> {
  return inTransaction(db, async (trx) => {
    const target = await findEntryById(trx, userId, id);
    if (!target) throw notFound('entryNotFound');
    const given = <T>(value: T | undefined, current: T): T => (value !== undefined ? value : current);
    const refs = await resolveRefs(trx, userId, {
      operation_id: patch.operation_id ?? target.operation_id,
      category_id: given(patch.category_id, target.category_id),
      sub_category_id: given(patch.sub_category_id, target.sub_category_id),
      account_id: given(patch.account_id, target.account_id),
      card_id: given(patch.card_id, target.card_id),
      destination_account_id: given(patch.destination_account_id, target.destination_account_id),
    });
    const tagIds = patch.tags !== undefined ? await resolveTags(trx, userId, patch.tags) : undefined;
    const series =
      target.series_id !== null ? await findSeriesById(trx, userId, target.series_id) : undefined;
    const seriesWide = scope !== 'one' && series !== undefined;
    const newTargetDate = patch.date ?? target.date;
    if (
      patch.limit_fixed_date &&
      seriesWide &&
      series.kind === 'fixed' &&
      patch.limit_fixed_date < newTargetDate
    ) {
      throw validationError({ limit_fixed_date: 'notBeforeDate' });
    }

    const stamp = now.toISOString();
    // Only what the request names goes to every entry in scope: a scope=all category change must not copy
    // the target's account onto occurrences edited on their own. A new operation re-derives every reference.
    const givenRefs: Partial<Refs> = {};
    for (const key of Object.keys(refs) as Array<keyof Refs>) {
      if (patch.operation_id !== undefined || patch[key] !== undefined)
        Object.assign(givenRefs, { [key]: refs[key] });
    }
    const common: Updateable<EntriesTable> = { ...givenRefs, updated_at: stamp };
    if (patch.description !== undefined) common.description = patch.description;
    if (patch.value !== undefined) common.value = patch.value;
    if (patch.notes !== undefined) common.notes = patch.notes;
    if (patch.paid !== undefined) {
      common.paid = patch.paid ? 1 : 0;
      common.paid_at = patch.paid ? stamp : null;
    }
    if (tagIds !== undefined) common.tag_ids = tagIds.join(',');

    const before = await entriesInScope(trx, userId, target, scope);
    const day = Number(newTargetDate.slice(8, 10));
    const dateFor = (row: EntryRow): string => {
      if (patch.date === undefined) return row.date;
      if (!seriesWide) return patch.date;
      return dateInMonth(monthOf(row.date), day);
    };
    const after: EntryRow[] = before.map((row) => ({ ...row, ...common, date: dateFor(row) }) as EntryRow);
    await applyEntryChanges(trx, userId, before, after);
    const ids = before.map((r) => r.id);
    if (patch.date !== undefined && patch.date !== target.date) {
      for (const row of after) await updateEntryRow(trx, userId, row.id, { ...common, date: row.date });
    } else {
      await updateEntries(trx, userId, ids, common);
    }
    if (tagIds !== undefined) await replaceEntryTags(trx, userId, ids, tagIds);

    if (seriesWide) {
      const template: Updateable<EntrySeriesTable> = { ...givenRefs, updated_at: stamp };
      if (patch.description !== undefined) template.description = patch.description;
      if (patch.value !== undefined) template.value = patch.value;
      if (patch.notes !== undefined) template.notes = patch.notes;
      if (tagIds !== undefined) template.tag_ids = tagIds.join(',');
      if (patch.date !== undefined) template.day = day;
      await updateSeries(trx, userId, series.id, template);
      if (series.kind === 'fixed' && patch.limit_fixed_date !== undefined) {
        await changeSeriesLimit(
          trx,
          userId,
          { ...series, ...template } as SeriesRow,
          patch.limit_fixed_date,
          now,
        );
      }
    }
    const updated = await findEntryById(trx, userId, id);
    if (!updated) throw notFound('entryNotFound');
    return toEntry(updated);
  });
}

/**
 * New last date of a fixed series: occurrences after it are deleted; when it moves later (or to no end) the
 * series is materialised again from its last occurrence through the horizon.
 */
async function changeSeriesLimit(
  db: Db,
  userId: number,
  series: SeriesRow,
  limit: string | null,
  now: Date,
): Promise<void> {
  if (limit) {
    const doomed = (await findSeriesEntries(db, userId, series.id)).filter((r) => r.date > limit);
    if (doomed.length > 0) {
      await applyEntryChanges(db, userId, doomed, []);
      await deleteEntries(
        db,
        userId,
        doomed.map((r) => r.id),
      );
    }
  }
  const last = await findLastSeriesDate(db, userId, series.id);
  const generated = last ? monthOf(last) : series.generated_through;
  const through = limit && monthOf(limit) < series.generated_through ? monthOf(limit) : generated;
  await updateSeries(db, userId, series.id, { limit_fixed_date: limit, generated_through: through });
  await setSeriesEntriesLimit(db, userId, series.id, limit);
  await extendSeries(
    db,
    userId,
    { ...series, limit_fixed_date: limit, generated_through: through },
    horizonMonth(now),
  );
}

/**
 * DELETE /entry/{id}?scope=: one occurrence, this and the following (a fixed series then ends at the last
 * remaining occurrence), or the whole series.
 */
export async function deleteEntry(db: Db, userId: number, id: number, scope: EntryScope): Promise<void> {
  await inTransaction(db, async (trx) => {
    const target = await findEntryById(trx, userId, id);
    if (!target) throw notFound('entryNotFound');
    const doomed = await entriesInScope(trx, userId, target, scope);
    await applyEntryChanges(trx, userId, doomed, []);
    await deleteEntries(
      trx,
      userId,
      doomed.map((r) => r.id),
    );
    if (target.series_id === null) return;
    const series = await findSeriesById(trx, userId, target.series_id);
    if (!series) return;
    const last = await findLastSeriesDate(trx, userId, series.id);
    if (scope === 'all' || (last === undefined && series.kind === 'installment')) {
      await deleteSeries(trx, userId, series.id);
      return;
    }
    if (scope === 'next' && series.kind === 'fixed') {
      if (last === undefined) {
        await deleteSeries(trx, userId, series.id);
        return;
      }
      await updateSeries(trx, userId, series.id, { limit_fixed_date: last });
      await setSeriesEntriesLimit(trx, userId, series.id, last);
    }
  });
}

/** POST /entry/{id}/paid: sets paid and paid_at, and moves the amount between paid and unpaid aggregates. */
export async function setEntryPaid(db: Db, userId: number, id: number, paid: boolean): Promise<Entry> {
  return inTransaction(db, async (trx) => {
    const target = await findEntryById(trx, userId, id);
    if (!target) throw notFound('entryNotFound');
    if ((target.paid === 1) === paid) return toEntry(target);
    const stamp = nowIso();
    const changes = { paid: paid ? 1 : 0, paid_at: paid ? stamp : null, updated_at: stamp };
    const after = { ...target, ...changes };
    await applyEntryChanges(trx, userId, [target], [after]);
    await updateEntryRow(trx, userId, id, changes);
    return toEntry(after);
  });
}

/** The date range of a list or export: the month, the given dates, or the current month. */
export function entryRange(filters: EntryFilters, now = new Date()): { start: string; end: string } {
  if (filters.month) return { start: firstDayOfMonth(filters.month), end: lastDayOfMonth(filters.month) };
  if (filters.start_date || filters.end_date) {
    return { start: filters.start_date ?? '0000-01-01', end: filters.end_date ?? '9999-12-31' };
  }
  const month = currentMonth(now);
  return { start: firstDayOfMonth(month), end: lastDayOfMonth(month) };
}

/** Filter ids must be the user's (or system rows): another user's id answers 404, like a missing one. */
async function checkFilterIds(db: Db, userId: number, filters: EntryFilters): Promise<void> {
  // No cards exist until the cards feature lands, so no card id is the user's.
  if (filters.card_id !== undefined) throw notFound('cardNotFound', 'card_id');
  const [accounts, category, sub, tags] = await Promise.all([
    filters.account_id !== undefined ? findOwnedAccountIds(db, userId, [filters.account_id]) : undefined,
    filters.category_id !== undefined ? findVisibleCategory(db, userId, filters.category_id) : undefined,
    filters.sub_category_id !== undefined
      ? findVisibleSubcategory(db, userId, filters.sub_category_id)
      : undefined,
    filters.tag_id !== undefined ? findOwnedTagIds(db, userId, [filters.tag_id]) : undefined,
  ]);
  if (accounts && accounts.size === 0) throw notFound('accountNotFound', 'account_id');
  if (filters.category_id !== undefined && !category) throw notFound('categoryNotFound', 'category_id');
  if (filters.sub_category_id !== undefined && !sub) throw notFound('subcategoryNotFound', 'sub_category_id');
  if (tags && tags.size === 0) throw notFound('tagNotFound', 'tag_id');
}

export async function toEntryQuery(
  db: Db,
  userId: number,
  filters: EntryFilters,
  now = new Date(),
): Promise<EntryQuery> {
  const range = entryRange(filters, now);
  // Fixed series must exist through the range's last month before it is read. An open-ended range
  // (start_date without end_date) reads what exists up to the horizon instead of materialising decades.
  const endMonth = filters.month || filters.end_date ? monthOf(range.end) : horizonMonth(now);
  // Both are reads (on PostgreSQL they run side by side); the extension writes only once the ids passed.
  const [, stale] = await Promise.all([
    checkFilterIds(db, userId, filters),
    seriesNeedExtension(db, userId, endMonth, now),
  ]);
  if (stale) await ensureSeriesThrough(db, userId, endMonth, now);
  return {
    ...range,
    account_id: filters.account_id,
    card_id: filters.card_id,
    category_id: filters.category_id,
    sub_category_id: filters.sub_category_id,
    tag_id: filters.tag_id,
    operation_id: filters.operation_id,
    paid: filters.paid,
    q: filters.q,
  };
}

/**
 * GET /entry: the filtered entries in (date, id) order, as the contract's objects. With `page` or `per_page`
 * one page of them (per_page 50 by default) and the count of the whole list; without, the whole list.
 */
export async function listEntries(
  db: Db,
  userId: number,
  filters: EntryListQuery,
  now = new Date(),
): Promise<{ data: Entry[]; meta: { total: number; page: number; per_page: number } }> {
  const query = await toEntryQuery(db, userId, filters, now);
  if (filters.page === undefined && filters.per_page === undefined) {
    const rows = await findEntries(db, userId, query);
    return { data: rows.map(toEntry), meta: { total: rows.length, page: 1, per_page: rows.length } };
  }
  const page = filters.page ?? 1;
  const perPage = filters.per_page ?? 50;
  const [rows, total] = await Promise.all([
    findEntries(db, userId, query, { limit: perPage, offset: (page - 1) * perPage }),
    countEntries(db, userId, query),
  ]);
  return { data: rows.map(toEntry), meta: { total, page, per_page: perPage } };
}

/** Months of history before the earliest entry are not offered; without entries, the current month. */
export function carouselStart(
  firstDate: string | undefined,
  now = new Date(),
): { month: string; date: string } {
  const month = firstDate ? monthOf(firstDate) : currentMonth(now);
  return { month, date: firstDayOfMonth(month) };
}
