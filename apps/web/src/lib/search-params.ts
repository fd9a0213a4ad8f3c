import { useCallback, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';

/**
 * react-router's `useSearchParams`, without react-router's DOM module. While any page imports that module
 * (this hook, `Link`, `NavLink`, …), its `Link` stays in the build and keeps react-router's framework
 * prefetch code in the app chunk: ~2 KB gzip on the sign-in page's first load
 * (docs/decisions/web-first-load.md). A file of its own, so the hook loads with the pages that use it.
 */

/** What `setSearchParams` takes: as react-router's `URLSearchParamsInit` (a list value repeats the key). */
export type SearchParamsInit = string | URLSearchParams | Record<string, string | readonly string[]>;

function toSearchParams(init: SearchParamsInit): URLSearchParams {
  if (typeof init === 'string' || init instanceof URLSearchParams) return new URLSearchParams(init);
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(init)) {
    for (const item of typeof value === 'string' ? [value] : value) params.append(key, item);
  }
  return params;
}

export type SetSearchParams = (
  next: SearchParamsInit | ((current: URLSearchParams) => SearchParamsInit),
  options?: { replace?: boolean; state?: unknown },
) => void;

/** react-router's `useSearchParams`: the query string of the current URL, and a navigation that sets it. */
export function useSearchParams(): [URLSearchParams, SetSearchParams] {
  const { search } = useLocation();
  const navigate = useNavigate();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const setParams = useCallback<SetSearchParams>(
    (next, options) => {
      const init = typeof next === 'function' ? next(new URLSearchParams(params)) : next;
      navigate(`?${toSearchParams(init)}`, options);
    },
    [navigate, params],
  );
  return [params, setParams];
}
