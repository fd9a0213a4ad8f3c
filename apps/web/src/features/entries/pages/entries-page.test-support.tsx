// Shared by the entries page's component tests: the page as the router shows it, on a fresh query cache,
// with the app's providers; answers for the stubbed fetch.
import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { Suspense } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { AppProviders } from '../../../app/providers.tsx';
import { EntriesListPage } from './EntriesListPage.tsx';

/** A JSON answer for the stubbed fetch. */
export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** /entries/list for `month`, no retries (a failed answer shows at once); `client` is its query cache. */
export function renderEntriesPage(month: string) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: 30_000 }, mutations: { retry: false } },
  });
  const view = render(
    <AppProviders client={client}>
      <MemoryRouter initialEntries={[`/entries/list?month=${month}`]}>
        <Suspense fallback={null}>
          <Routes>
            <Route path="/entries/list" element={<EntriesListPage />} />
          </Routes>
        </Suspense>
      </MemoryRouter>
    </AppProviders>,
  );
  return { ...view, client };
}
