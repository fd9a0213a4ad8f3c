import type { Entry, EntryCreateBody, EntryTagsInput, EntryUpdateBody, Tag } from '@centavo/shared';
import {
  INSTALLMENTS_MAX,
  INSTALLMENTS_MIN,
  OPERATIONS,
  TRANSFER_CATEGORY_ID,
  TRANSFER_SUBCATEGORY_ID,
} from '@centavo/shared/constants';
import { localToday } from '@centavo/shared/dates';
import { parseMoney, splitCents } from '@centavo/shared/money';
import type { RuleSpec } from '@centavo/shared/validation/index';
import { formatCentsForInput, moneyInputPattern } from '../../../components/MoneyInput.tsx';

export type RepeatMode = 'once' | 'installments' | 'fixed';

/** The entry form's state: what the inputs hold (strings for selects, the amount as typed). */
export interface EntryFormValues extends Record<string, unknown> {
  operation_id: string;
  description: string;
  value: string;
  date: string;
  account_id: string | null;
  destination_account_id: string | null;
  category_id: string | null;
  sub_category_id: string | null;
  tags: string[];
  paid: boolean;
  notes: string;
  repeat: RepeatMode;
  installments: string | number;
  limit_fixed_date: string;
}

/**
 * The category select's "No category" choice (DESIGN.md §9): income and expenses may have none. The form
 * still asks for a category, so leaving it empty stays an error; this is an explicit choice.
 */
export const NO_CATEGORY = 'none';

/** Whether an operation's entries may have no category (income and expenses). */
export function allowsNoCategory(operationId: number): boolean {
  return operationId === OPERATIONS.income || operationId === OPERATIONS.expense;
}

/** The account select holds an account id, or `card:{id}` for a card (DESIGN.md §4: account or card). */
export const CARD_PREFIX = 'card:';

export function selectedCardId(values: Pick<EntryFormValues, 'account_id'>): number | null {
  const v = values.account_id;
  return v?.startsWith(CARD_PREFIX) ? Number(v.slice(CARD_PREFIX.length)) : null;
}

export function isTransfer(values: Pick<EntryFormValues, 'operation_id'>): boolean {
  return Number(values.operation_id) === OPERATIONS.transfer;
}

/** A new entry's form: an expense dated today (in the viewed month when that is not the current one). */
export function emptyFormValues(defaults: Partial<EntryFormValues> = {}): EntryFormValues {
  return {
    operation_id: String(OPERATIONS.expense),
    description: '',
    value: '',
    date: localToday(),
    account_id: null,
    destination_account_id: null,
    category_id: null,
    sub_category_id: null,
    tags: [],
    // Something dated up to today has usually happened already (issue 13 #19); a future one has not.
    paid: (defaults.date ?? localToday()) <= localToday(),
    notes: '',
    repeat: 'once',
    installments: 2,
    limit_fixed_date: '',
    ...defaults,
  };
}

/** An existing entry in the form (`digits`: the minor-unit digits of the user's currency). */
export function formValuesFromEntry(
  entry: Entry,
  tags: readonly Tag[],
  locale: string,
  digits: number,
): EntryFormValues {
  const names = new Map(tags.map((t) => [t.id, t.name]));
  return {
    operation_id: String(entry.operation_id),
    description: entry.description,
    value: formatCentsForInput(entry.value, locale, digits),
    date: entry.date,
    account_id:
      entry.card_id !== null && entry.operation_id !== 4
        ? `${CARD_PREFIX}${entry.card_id}`
        : entry.account_id === null
          ? null
          : String(entry.account_id),
    destination_account_id:
      entry.destination_account_id === null ? null : String(entry.destination_account_id),
    category_id:
      entry.category_id !== null
        ? String(entry.category_id)
        : allowsNoCategory(entry.operation_id)
          ? NO_CATEGORY
          : null,
    sub_category_id: entry.sub_category_id === null ? null : String(entry.sub_category_id),
    tags: entry.tags.map((id) => names.get(id)).filter((n): n is string => n !== undefined),
    paid: entry.paid,
    notes: entry.notes ?? '',
    repeat: entry.fixed ? 'fixed' : entry.installment_count ? 'installments' : 'once',
    installments: entry.installment_count ?? 2,
    limit_fixed_date: entry.limit_fixed_date ?? '',
  };
}

/** Validation rules of the form hook for the current values (transfers and repeats add rules). */
export function entryFormRules(
  values: EntryFormValues,
  editing: boolean,
  digits: number,
): Record<string, RuleSpec> {
  const rules: Record<string, RuleSpec> = {
    description: 'required|max:255',
    // Not all zeros: an entry's amount is positive (the operation gives the sign).
    value: { required: true, regex: `^(?![0.,]*$)${moneyInputPattern(digits).slice(1)}` },
    date: 'required|date_range',
    account_id: 'required',
  };
  if (!isTransfer(values)) {
    // The API needs a category for income, expenses and investments (transfers get theirs forced).
    rules.category_id = 'required';
  } else {
    rules.destination_account_id = values.account_id
      ? { required: true, is_not: values.account_id }
      : 'required';
  }
  if (values.repeat === 'fixed') rules.limit_fixed_date = 'date_range';
  if (!editing && values.repeat === 'installments') {
    rules.installments = `required|integer|between:${INSTALLMENTS_MIN},${INSTALLMENTS_MAX}`;
  }
  return rules;
}

const NUMERIC = /^\d+$/;

/**
 * The tags field for the API: known labels become their ids; new labels go as text, which the API creates.
 * A new label that looks like a number would be read as an id, so those are returned apart to be created
 * with POST /tag/tags first.
 */
export function splitTagLabels(
  labels: readonly string[],
  known: readonly Tag[],
): { ids: number[]; newLabels: string[]; numericLabels: string[] } {
  const byName = new Map(known.map((t) => [t.name.toLocaleLowerCase(), t.id]));
  const ids: number[] = [];
  const newLabels: string[] = [];
  const numericLabels: string[] = [];
  const seen = new Set<string>();
  for (const raw of labels) {
    const label = raw.trim().replace(/,/g, ' ');
    const lower = label.toLocaleLowerCase();
    if (!label || seen.has(lower)) continue;
    seen.add(lower);
    const id = byName.get(lower);
    if (id !== undefined) ids.push(id);
    else if (NUMERIC.test(label)) numericLabels.push(label);
    else newLabels.push(label);
  }
  return { ids, newLabels, numericLabels };
}

/** ids (and labels to create) → the body's `tags`: an id array, or the comma-separated string the API reads. */
export function tagsField(ids: readonly number[], newLabels: readonly string[]): EntryTagsInput {
  if (newLabels.length === 0) return [...ids];
  return [...ids.map(String), ...newLabels].join(',');
}

/** Per-installment amounts of a total: floor each, the remainder cents on the first (as the API does). */
export function installmentPreview(
  valueText: string,
  count: number,
  digits: number,
): { first: number; rest: number; count: number } | null {
  const cents = parseMoney(valueText, digits);
  if (cents === null || cents <= 0 || !Number.isInteger(count)) return null;
  if (count < INSTALLMENTS_MIN || count > INSTALLMENTS_MAX) return null;
  const parts = splitCents(cents, count);
  return { first: parts[0] ?? 0, rest: parts[1] ?? 0, count };
}

/** POST /entry body. Transfers carry the fixed category (spec §4) and a destination; never float math. */
export function toCreateBody(values: EntryFormValues, tags: EntryTagsInput, digits: number): EntryCreateBody {
  const operation = Number(values.operation_id);
  const transfer = operation === OPERATIONS.transfer;
  const body: EntryCreateBody = {
    operation_id: operation,
    description: values.description.trim(),
    value: parseMoney(values.value, digits) ?? 0,
    date: values.date,
    account_id: values.account_id && selectedCardId(values) === null ? Number(values.account_id) : null,
    card_id: transfer ? null : selectedCardId(values),
    destination_account_id:
      transfer && values.destination_account_id ? Number(values.destination_account_id) : null,
    category_id: transfer
      ? TRANSFER_CATEGORY_ID
      : values.category_id && values.category_id !== NO_CATEGORY
        ? Number(values.category_id)
        : null,
    sub_category_id: transfer
      ? TRANSFER_SUBCATEGORY_ID
      : values.sub_category_id
        ? Number(values.sub_category_id)
        : null,
    paid: values.paid,
    notes: values.notes.trim() ? values.notes.trim() : null,
    tags,
    fixed: values.repeat === 'fixed',
    limit_fixed_date: values.repeat === 'fixed' && values.limit_fixed_date ? values.limit_fixed_date : null,
  };
  if (values.repeat === 'installments') body.installments = Number(values.installments);
  return body;
}

function sameIds(a: readonly number[], b: readonly number[]): boolean {
  if (a.length !== b.length) return false;
  const set = new Set(a);
  return b.every((id) => set.has(id));
}

/**
 * PUT /entry/{id} body: only what changed. With scope next/all the server writes every given field into
 * each entry in scope, so sending an unchanged amount would copy this installment's value (which may carry
 * the remainder cents) over the others; a diff keeps series intact.
 */
export function toUpdatePatch(
  original: Entry,
  values: EntryFormValues,
  tags: EntryTagsInput,
  digits: number,
): EntryUpdateBody {
  const next = toCreateBody(values, tags, digits);
  const patch: EntryUpdateBody = {};
  if (next.description !== original.description) patch.description = next.description;
  if (next.value !== original.value) patch.value = next.value;
  if (next.date !== original.date) patch.date = next.date;
  if (next.operation_id !== original.operation_id) patch.operation_id = next.operation_id;
  if ((next.account_id ?? null) !== original.account_id) patch.account_id = next.account_id ?? null;
  if ((next.card_id ?? null) !== original.card_id) patch.card_id = next.card_id ?? null;
  if ((next.destination_account_id ?? null) !== original.destination_account_id) {
    patch.destination_account_id = next.destination_account_id ?? null;
  }
  if ((next.category_id ?? null) !== original.category_id) patch.category_id = next.category_id ?? null;
  if ((next.sub_category_id ?? null) !== original.sub_category_id) {
    patch.sub_category_id = next.sub_category_id ?? null;
  }
  if (next.paid !== original.paid) patch.paid = next.paid;
  if ((next.notes ?? null) !== (original.notes ?? null)) patch.notes = next.notes ?? null;
  if (typeof tags === 'string' || !sameIds(tags, original.tags)) patch.tags = tags;
  if (original.fixed && (next.limit_fixed_date ?? null) !== original.limit_fixed_date) {
    patch.limit_fixed_date = next.limit_fixed_date ?? null;
  }
  return patch;
}
