import type { Entry } from '@centavo/shared';
import { ENTRY_PAGE_SIZE } from '@centavo/shared/constants';
import { localMonth } from '@centavo/shared/dates';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { balanceFixture } from '../../../test/fixtures.ts';
import { renderingInEnglish } from '../../../test/rendering.ts';
import { entryFixture } from '../lib/entry.test-fixture.ts';
import { json, renderEntriesPage } from './entries-page.test-support.tsx';

/** Two full pages and a partial third, whatever the page size. */
const TOTAL = 2 * ENTRY_PAGE_SIZE + Math.floor(ENTRY_PAGE_SIZE * 0.4);
const count = (n: number) => n.toLocaleString('en-US');
const MONTH = localMonth();

/** TOTAL entries over the month's first 28 days, in the API's order (date, then id). */
const ALL: Entry[] = Array.from({ length: TOTAL }, (_, i) =>
  entryFixture({
    id: i + 1,
    description: `Entry ${i + 1}`,
    value: 1000 + i,
    date: `${MONTH}-${String(Math.floor((i * 28) / TOTAL) + 1).padStart(2, '0')}`,
    account_id: null,
  }),
);

/** Pages asked for, in order, and pages to fail once. */
let requested: number[] = [];
let failOnce = new Set<number>();

function answer(input: RequestInfo | URL): Response {
  const url = new URL(String(input), 'http://localhost');
  switch (url.pathname) {
    case '/api/v1/entry': {
      const page = Number(url.searchParams.get('page'));
      const perPage = Number(url.searchParams.get('per_page'));
      requested.push(page);
      if (failOnce.delete(page)) return json({ error: { code: 'INTERNAL', message: 'boom' } }, 500);
      const data = ALL.slice((page - 1) * perPage, page * perPage);
      return json({ data, meta: { total: TOTAL, page, per_page: perPage } });
    }
    case '/api/v1/entry/balance':
      return json(balanceFixture({ month: MONTH }));
    case '/api/v1/entry/get-start-of-date-carousel':
      return json({ month: MONTH, date: `${MONTH}-01` });
    case '/api/v1/user/preferences':
      return json({});
    default:
      return json({ data: [] });
  }
}

const renderPage = () => renderEntriesPage(MONTH);

/** Scrolls the window (jsdom does not) so the viewport's bottom is at the end of the loaded rows. */
async function scrollToLoadedEnd() {
  const list = screen.getByTestId('entries-list');
  const height = Number.parseFloat(list.style.height);
  await act(async () => {
    Object.defineProperty(window, 'scrollY', {
      value: Math.max(0, height - window.innerHeight),
      configurable: true,
    });
    window.dispatchEvent(new Event('scroll'));
  });
}

function renderedIds(): number[] {
  return [...document.querySelectorAll('[data-entry-row]')].map((row) =>
    Number(row.getAttribute('data-entry-id')),
  );
}

describe('the entries page loads the month in pages', () => {
  renderingInEnglish(['entries', 'ledger']);
  beforeEach(() => {
    requested = [];
    failOnce = new Set();
    Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => answer(input)),
    );
  });

  it('asks for the next page near the end of the loaded rows, once each, until the last', async () => {
    renderPage();
    await screen.findByText('Entry 1');
    // The count is the month's, not what is loaded; the end row says what is loading.
    expect(screen.getByTestId('entries-count').textContent).toBe(`${TOTAL} entries`);
    expect(screen.getByRole('status').textContent).toContain('Loading more entries…');
    expect(screen.getByRole('status').textContent).toContain(
      `${count(ENTRY_PAGE_SIZE)} of ${count(TOTAL)} loaded`,
    );
    expect(requested).toEqual([1]);

    await scrollToLoadedEnd();
    await waitFor(() => expect(requested).toEqual([1, 2]));
    await screen.findByText(`${count(2 * ENTRY_PAGE_SIZE)} of ${count(TOTAL)} loaded`);
    expect(renderedIds()).toContain(ENTRY_PAGE_SIZE);

    await scrollToLoadedEnd();
    await waitFor(() => expect(requested).toEqual([1, 2, 3]));
    await waitFor(() => expect(screen.queryByTestId('entries-loading-more')).toBeNull());

    // Everything is loaded: the end of the list shows the month's last entry and asks for nothing more
    // (act has run the renders and effects of the scroll, where a further page would be asked for).
    await scrollToLoadedEnd();
    expect(renderedIds()).toContain(TOTAL);
    await act(async () => {});
    expect(requested).toEqual([1, 2, 3]);
  });

  it('offers a retry when a page fails, and does not ask again by itself', async () => {
    failOnce.add(2);
    renderPage();
    await screen.findByText('Entry 1');
    await scrollToLoadedEnd();
    const failed = await screen.findByTestId('entries-load-more-failed');
    expect(failed.textContent).toContain('Could not load more entries.');
    await scrollToLoadedEnd();
    expect(requested).toEqual([1, 2]);

    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByText(`${count(2 * ENTRY_PAGE_SIZE)} of ${count(TOTAL)} loaded`);
    expect(requested).toEqual([1, 2, 2]);
  });
});
