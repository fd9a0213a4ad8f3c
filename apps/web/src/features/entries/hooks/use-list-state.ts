import { useDebouncedValue } from '@mantine/hooks';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { type EntryListState, parseListState, serializeListState, withFilter } from '../lib/filters.ts';

/** How long typing pauses before the search goes to the URL. */
const SEARCH_PAUSE_MS = 300;

/**
 * The list's month and filters, kept in the URL (shareable, back-button safe), and the search box's text,
 * which reaches the URL after a pause in typing, not on each keystroke.
 */
export function useListState() {
  const [searchParams, setSearchParams] = useSearchParams();
  const state = useMemo(() => parseListState(searchParams), [searchParams]);
  const stateRef = useRef(state);
  stateRef.current = state;

  const setState = useCallback(
    (next: EntryListState, options: { replace?: boolean } = {}) =>
      setSearchParams(serializeListState(next), { replace: options.replace ?? false }),
    [setSearchParams],
  );
  /** A change from the current state (the same function on every render, for memoised children). */
  const update = useCallback(
    (change: (current: EntryListState) => EntryListState, options?: { replace?: boolean }) =>
      setState(change(stateRef.current), options),
    [setState],
  );

  const [search, setSearch] = useState(state.q ?? '');
  const [debouncedSearch] = useDebouncedValue(search, SEARCH_PAUSE_MS);
  useEffect(() => {
    const q = debouncedSearch.trim();
    if ((stateRef.current.q ?? '') !== q)
      update((s) => withFilter(s, 'q', q || undefined), { replace: true });
  }, [debouncedSearch, update]);
  useEffect(() => {
    // Back/forward or "clear filters" changed q in the URL: show it in the box.
    setSearch((current) => (current.trim() === (state.q ?? '') ? current : (state.q ?? '')));
  }, [state.q]);

  return { state, setState, update, search, setSearch };
}
