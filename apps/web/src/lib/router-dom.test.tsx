import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { MouseEvent, ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation, useNavigationType } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Link } from './router-dom.tsx';
import { useSearchParams } from './search-params.ts';

afterEach(cleanup);

function Where() {
  const location = useLocation();
  const type = useNavigationType();
  return (
    <output>
      {location.pathname}
      {location.search} {type} {JSON.stringify(location.state)}
    </output>
  );
}

function renderAt(path: string, link: ReactNode) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route
          path="*"
          element={
            <>
              {link}
              <Where />
            </>
          }
        />
      </Routes>
    </MemoryRouter>,
  );
}

describe('Link (lib/router-dom.tsx)', () => {
  it('renders a real href and navigates in the app on a plain left click', () => {
    renderAt('/auth/login', <Link to="/auth/register">register</Link>);
    const link = screen.getByRole('link', { name: 'register' });
    expect(link.getAttribute('href')).toBe('/auth/register');
    expect(fireEvent.click(link, { button: 0 })).toBe(false);
    expect(screen.getByRole('status').textContent).toBe('/auth/register PUSH null');
  });

  it('leaves modified and non-left clicks and other targets to the browser', () => {
    renderAt(
      '/auth/login',
      <>
        <Link to="/auth/register">register</Link>
        <Link to="/auth/register" target="_blank">
          new tab
        </Link>
      </>,
    );
    const link = screen.getByRole('link', { name: 'register' });
    expect(fireEvent.click(link, { button: 0, ctrlKey: true })).toBe(true);
    expect(fireEvent.click(link, { button: 0, metaKey: true })).toBe(true);
    expect(fireEvent.click(link, { button: 1 })).toBe(true);
    expect(fireEvent.click(screen.getByRole('link', { name: 'new tab' }), { button: 0 })).toBe(true);
    expect(screen.getByRole('status').textContent).toBe('/auth/login POP null');
  });

  it('replaces the history entry for a link to the current page, and passes replace and state', () => {
    const { unmount } = renderAt('/auth/login', <Link to="/auth/login">here</Link>);
    fireEvent.click(screen.getByRole('link', { name: 'here' }), { button: 0 });
    expect(screen.getByRole('status').textContent).toBe('/auth/login REPLACE null');
    unmount();

    renderAt(
      '/auth/login',
      <Link to="/welcome" replace state={{ from: '/x' }}>
        welcome
      </Link>,
    );
    fireEvent.click(screen.getByRole('link', { name: 'welcome' }), { button: 0 });
    expect(screen.getByRole('status').textContent).toBe('/welcome REPLACE {"from":"/x"}');
  });

  it("runs the caller's onClick first, and a prevented click does not navigate", () => {
    const onClick = vi.fn((event: MouseEvent) => event.preventDefault());
    renderAt(
      '/auth/login',
      <Link to="/auth/register" onClick={onClick}>
        register
      </Link>,
    );
    fireEvent.click(screen.getByRole('link', { name: 'register' }), { button: 0 });
    expect(onClick).toHaveBeenCalledOnce();
    expect(screen.getByRole('status').textContent).toBe('/auth/login POP null');
  });
});

describe('useSearchParams (lib/search-params.ts)', () => {
  function Filters() {
    const [params, setParams] = useSearchParams();
    return (
      <>
        <p>q={params.get('q') ?? ''}</p>
        <button type="button" onClick={() => setParams({ q: 'rent', tag: ['a', 'b'] }, { replace: true })}>
          record
        </button>
        <button type="button" onClick={() => setParams((current) => `${current}`.replace(/q=\w+/, 'q=gas'))}>
          update
        </button>
        <button type="button" onClick={() => setParams({})}>
          clear
        </button>
      </>
    );
  }

  it('reads the query string and sets it from a record (lists repeat the key), an updater or nothing', () => {
    renderAt('/tags?q=food', <Filters />);
    expect(screen.getByText('q=food')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'record' }));
    expect(screen.getByRole('status').textContent).toBe('/tags?q=rent&tag=a&tag=b REPLACE null');
    fireEvent.click(screen.getByRole('button', { name: 'update' }));
    expect(screen.getByRole('status').textContent).toBe('/tags?q=gas&tag=a&tag=b PUSH null');
    expect(screen.getByText('q=gas')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'clear' }));
    expect(screen.getByRole('status').textContent).toBe('/tags PUSH null');
  });
});
