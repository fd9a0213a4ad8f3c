import { Button, Skeleton, Stack, Text } from '@mantine/core';
import { memo, useCallback, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { InvoiceLines } from '../../../components/invoices/InvoiceLines.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { toastError } from '../../../lib/toasts.ts';
import { useMoneyFormat } from '../../../lib/use-money-format.ts';
import { useEntries } from '../api/get-entries.ts';
import { useLookups } from '../hooks/use-lookups.ts';
import type { EntryListState } from '../lib/filters.ts';
import { warmListFormatters } from '../lib/formatters.ts';
import { totalOf } from '../lib/paging.ts';
import { EmptyMonth } from './EmptyMonth.tsx';
import { EntriesList } from './EntriesList.tsx';
import type { EntryRowActions } from './EntryRow.tsx';
import type { ListPaging } from './ListEndRow.tsx';

function ListSkeleton() {
  return (
    <Stack gap={6} aria-hidden data-testid="entries-loading">
      <Skeleton h={40} radius="lg" />
      {Array.from({ length: 6 }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <Skeleton key={i} h={58} radius="md" />
      ))}
    </Stack>
  );
}

/**
 * The month's list, its loading and empty states. It alone subscribes to the month's entries and to what
 * the rows show besides them (account, category and tag names, the user's currency), so when entries
 * arrive only the list renders, not the header, carousel, totals, toolbar and dialogs.
 *
 * The rows wait for all of it: rendered as soon as the entries came, they showed "No category" and the
 * fallback currency, then rendered again (every row) as each of the five other answers arrived, and the
 * right rows were painted only after the last of them (docs/decisions/entries-first-render.md).
 */
export const MonthEntries = memo(function MonthEntries({
  state,
  actions,
  today,
  monthLabel,
  filtered,
  onAdd,
  onClearFilters,
}: {
  state: EntryListState;
  actions: EntryRowActions;
  today: string;
  monthLabel: string;
  filtered: boolean;
  onAdd: () => void;
  onClearFilters: () => void;
}) {
  const { t } = useTranslation('entries');
  const entries = useEntries(state);
  const { lookups, pending: lookupsPending } = useLookups();
  const { locale, format, settled: moneySettled } = useMoneyFormat();
  // The list's first render should not pay for building Intl formatters: build them while the month loads.
  useEffect(() => {
    const handle = setTimeout(() => warmListFormatters(locale, format), 0);
    return () => clearTimeout(handle);
  }, [locale, format]);
  const pages = entries.data?.pages;
  const total = pages ? totalOf(pages) : 0;
  const { fetchNextPage } = entries;
  // cancelRefetch false: a request already running is joined, never restarted.
  const onLoadMore = useCallback(() => void fetchNextPage({ cancelRefetch: false }), [fetchNextPage]);
  const paging: ListPaging = useMemo(
    () => ({
      total,
      hasNextPage: entries.hasNextPage && !entries.isPlaceholderData,
      busy: entries.isFetching,
      fetchingNext: entries.isFetchingNextPage,
      failed: entries.isFetchNextPageError,
      onLoadMore,
    }),
    [
      total,
      entries.hasNextPage,
      entries.isPlaceholderData,
      entries.isFetching,
      entries.isFetchingNextPage,
      entries.isFetchNextPageError,
      onLoadMore,
    ],
  );

  useEffect(() => {
    // A failed next page says so in the list's end row (with a retry), not in a toast per attempt.
    if (entries.isError && !entries.isFetchNextPageError)
      toastError(errorMessage(entries.error, 'entries:errors.load'));
  }, [entries.isError, entries.isFetchNextPageError, entries.error]);

  return (
    <div
      // Busy while the month (re)loads, not while a further page does: the loaded rows stay usable.
      aria-busy={entries.isFetching && !entries.isFetchingNextPage}
      style={{ opacity: entries.isPlaceholderData ? 0.6 : 1, transition: 'opacity 120ms' }}
    >
      {entries.isPending || ((lookupsPending || !moneySettled) && !entries.isError) ? (
        <ListSkeleton />
      ) : entries.isError && !pages ? (
        <Stack align="center" py="xl">
          <Text c="dimmed">{t('errors.load')}</Text>
          <Button variant="default" onClick={() => entries.refetch()}>
            {t('errors.retry')}
          </Button>
        </Stack>
      ) : pages && total > 0 ? (
        <>
          <InvoiceLines invoices={pages[0]?.invoices ?? []} />
          <Text fz="xs" c="dimmed" mb={6} aria-live="polite" data-testid="entries-count">
            {t('list.count', { count: total })}
          </Text>
          <EntriesList
            pages={pages}
            paging={paging}
            lookups={lookups}
            actions={actions}
            locale={locale}
            today={today}
            label={t('list.label', { month: monthLabel })}
            format={format}
          />
        </>
      ) : (
        <>
          <InvoiceLines invoices={pages?.[0]?.invoices ?? []} />
          <EmptyMonth
            monthLabel={monthLabel}
            filtered={filtered}
            onAdd={onAdd}
            onClearFilters={onClearFilters}
          />
        </>
      )}
    </div>
  );
});
