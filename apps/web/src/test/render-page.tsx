// Page tests: a page as the router shows it, with the app's providers, on a fresh query cache, against a
// stubbed fetch that answers API paths from a table. Answers are checked against the contract's zod schema
// where the test gives one, so a fixture cannot drift from what the API really sends.
import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { type ReactElement, Suspense } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { vi } from 'vitest';
import type { z } from 'zod';
import { AppProviders } from '../app/providers.tsx';

/** A JSON answer for the stubbed fetch. */
export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** An answer: a body (or a Response), or a function of the request's URL returning one. */
export type Answer = unknown | ((url: URL) => unknown);

/** A body checked against its contract schema first (a mistake in a fixture fails the test that uses it). */
export function valid<S extends z.ZodType>(schema: S, body: z.input<S>): z.output<S> {
  return schema.parse(body);
}

/**
 * Stubs fetch with answers by API path (without /api/v1, e.g. `/category/budget`). A path not in the table
 * answers 404, and is listed in `unanswered`, so a test sees what the page asked for that it did not expect.
 */
export function stubApi(answers: Record<string, Answer>) {
  const requests: URL[] = [];
  const unanswered: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
      requests.push(url);
      const path = url.pathname.replace(/^\/api\/v1/, '');
      if (!(path in answers)) {
        unanswered.push(path);
        return json({ error: { code: 'NOT_FOUND', message: `no answer for ${path}` } }, 404);
      }
      const answer = answers[path];
      const body = typeof answer === 'function' ? (answer as (url: URL) => unknown)(url) : answer;
      return body instanceof Response ? body : json(body);
    }),
  );
  /** The requests made to `path`, in order. */
  const to = (path: string) => requests.filter((url) => url.pathname === `/api/v1${path}`);
  return { requests, unanswered, to };
}

/** Shows where the page sent the user (a link followed, a redirect). */
function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

/** Renders `element` at `url` under the route `pattern`, no retries (a failed answer shows at once). */
export function renderPage(pattern: string, url: string, element: ReactElement) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: 30_000 }, mutations: { retry: false } },
  });
  const view = render(
    <AppProviders client={client}>
      <MemoryRouter initialEntries={[url]}>
        <Suspense fallback={null}>
          <Routes>
            <Route path={pattern} element={element} />
            <Route path="*" element={<LocationProbe />} />
          </Routes>
        </Suspense>
      </MemoryRouter>
    </AppProviders>,
  );
  return { ...view, client };
}
