import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AppProviders } from '../../../app/providers.tsx';
import { initI18n } from '../../../lib/i18n.ts';
import { AccountFilterFormPage } from './AccountFilterFormPage.tsx';

function ListProbe() {
  const location = useLocation();
  return <output data-testid="list-location">{`${location.pathname}${location.search}`}</output>;
}

function renderAt(url: string) {
  return render(
    <AppProviders>
      <MemoryRouter initialEntries={[url]}>
        <Suspense fallback={null}>
          <Routes>
            <Route path="/account/filterForm" element={<AccountFilterFormPage />} />
            <Route path="/account/list" element={<ListProbe />} />
          </Routes>
        </Suspense>
      </MemoryRouter>
    </AppProviders>,
  );
}

describe('AccountFilterFormPage', () => {
  beforeAll(async () => {
    await initI18n('en');
  });
  afterEach(cleanup);

  it('starts from the list query and applies the edited filters back to /account/list', async () => {
    renderAt('/account/filterForm?type=savings&month=2026-12');
    const search = await screen.findByRole('searchbox', { name: 'Search accounts' });
    expect(document.title).toBe('Filter accounts · Centavo');
    expect(screen.getByRole<HTMLInputElement>('combobox', { name: 'Account type' }).value).toBe('Savings');
    fireEvent.change(search, { target: { value: 'nubank' } });
    fireEvent.click(screen.getByRole('switch', { name: 'Show archived accounts' }));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    });
    expect(screen.getByTestId('list-location').textContent).toBe(
      '/account/list?q=nubank&type=savings&archived=1&month=2026-12',
    );
  });

  it('"clear" drops the filters but keeps the month being viewed', async () => {
    renderAt('/account/filterForm?q=x&type=wallet&archived=1&month=2026-10');
    await screen.findByRole('searchbox', { name: 'Search accounts' });
    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    });
    expect(screen.getByTestId('list-location').textContent).toBe('/account/list?month=2026-10');
  });
});
