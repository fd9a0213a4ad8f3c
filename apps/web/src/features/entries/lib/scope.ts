import type { Entry, EntryScope } from '@centavo/shared';
import { ENTRY_SCOPES } from '@centavo/shared/constants';

export type SeriesKind = 'installment' | 'fixed';

/** Whether an entry is one of several (an installment purchase or a fixed monthly series). */
export function seriesKind(
  entry: Pick<Entry, 'series_id' | 'fixed' | 'installment_count'>,
): SeriesKind | null {
  if (entry.series_id === null) return null;
  if (entry.fixed) return 'fixed';
  if (entry.installment_count !== null && entry.installment_count > 1) return 'installment';
  // A series id without either marker (a series shrunk to one): still ask, the server applies the scope.
  return 'installment';
}

/** Editing or deleting a series entry asks "only this one / this and the following / all" first. */
export function needsScope(entry: Pick<Entry, 'series_id' | 'fixed' | 'installment_count'>): boolean {
  return seriesKind(entry) !== null;
}

/**
 * The scopes worth offering: "this and the following" from the first entry is the same as "all", and from
 * the last installment the same as "only this one", so those duplicates are left out.
 */
export function scopeOptions(
  entry: Pick<Entry, 'series_id' | 'fixed' | 'installment_count' | 'installment_number'>,
): EntryScope[] {
  if (!needsScope(entry)) return ['one'];
  if (!entry.fixed && entry.installment_number !== null && entry.installment_count !== null) {
    if (entry.installment_number === 1) return ['one', 'all'];
    if (entry.installment_number === entry.installment_count) return ['one', 'all'];
  }
  return [...ENTRY_SCOPES];
}

/** The query of PUT/DELETE /entry/{id}: no scope for single entries (the server's default is one). */
export function scopeQuery(entry: Pick<Entry, 'series_id'>, scope: EntryScope): { scope?: EntryScope } {
  return entry.series_id === null ? {} : { scope };
}
