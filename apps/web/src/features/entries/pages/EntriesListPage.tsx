// Styles of the Mantine components only this page uses; they load with its lazy chunk, not the shell.
import '@mantine/core/styles/Chip.css';
import '@mantine/core/styles/Drawer.css';
import '@mantine/core/styles/Indicator.css';
import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/Pill.css';
import '@mantine/core/styles/PillsInput.css';
import '@mantine/core/styles/Radio.css';
import '@mantine/core/styles/Skeleton.css';
import '@mantine/core/styles/Switch.css';

import type { Entry, EntryScope } from '@centavo/shared';
import { currentMonth, firstDayOfMonth, type IsoMonth, todayIso } from '@centavo/shared/dates';
import {
  ActionIcon,
  Badge,
  Button,
  CloseButton,
  Group,
  Indicator,
  Menu,
  Skeleton,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  IconAdjustmentsHorizontal,
  IconDownload,
  IconFileSpreadsheet,
  IconFileTypeCsv,
  IconPlus,
  IconSearch,
} from '@tabler/icons-react';
import { memo, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { formatMonthLong, MonthCarousel } from '../../../components/MonthCarousel.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { toastError, toastSuccess } from '../../../lib/toasts.ts';
import { useMoneyFormat } from '../../../lib/use-money-format.ts';
import { useDeleteEntry } from '../api/delete-entry.ts';
import { type ExportFormat, useExportEntries } from '../api/export-entries.ts';
import { useAccounts } from '../api/get-accounts.ts';
import { useCarouselStart } from '../api/get-carousel-start.ts';
import { useCategories } from '../api/get-categories.ts';
import { useEntries } from '../api/get-entries.ts';
import { useEntryBalance } from '../api/get-entry-balance.ts';
import { useTags } from '../api/get-tags.ts';
import { useSetEntryPaid } from '../api/set-entry-paid.ts';
import { DeleteDialog } from '../components/DeleteDialog.tsx';
import { EmptyMonth } from '../components/EmptyMonth.tsx';
import { EntriesList, type ListPaging } from '../components/EntriesList.tsx';
import { EntryFormModal } from '../components/EntryFormModal.tsx';
import type { EntryRowActions } from '../components/EntryRow.tsx';
import classes from '../components/entries.module.css';
import { FiltersDrawer } from '../components/FiltersDrawer.tsx';
import { buildLookups, type Lookups } from '../components/lookups.ts';
import { ScopeDialog } from '../components/ScopeDialog.tsx';
import { TotalsBar } from '../components/TotalsBar.tsx';
import {
  clearFilters,
  countFilters,
  type EntryFilterKey,
  type EntryListState,
  parseListState,
  serializeListState,
  withFilter,
} from '../lib/filters.ts';
import { warmListFormatters } from '../lib/formatters.ts';
import { totalOf } from '../lib/paging.ts';
import { needsScope, scopeOptions, scopeQuery } from '../lib/scope.ts';

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
 * The month's list, its loading and empty states. It alone subscribes to the month's entries, so when
 * 10 000 of them arrive only the list renders, not the header, carousel, totals, toolbar and dialogs.
 */
const MonthEntries = memo(function MonthEntries({
  state,
  lookups,
  actions,
  locale,
  format,
  today,
  monthLabel,
  filtered,
  onAdd,
  onClearFilters,
}: {
  state: EntryListState;
  lookups: Lookups;
  actions: EntryRowActions;
  locale: string;
  format: (cents: number) => string;
  today: string;
  monthLabel: string;
  filtered: boolean;
  onAdd: () => void;
  onClearFilters: () => void;
}) {
  const { t } = useTranslation(['entries', 'common']);
  const entries = useEntries(state);
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
      toastError(errorMessage(t, entries.error, 'entries:errors.load'));
  }, [entries.isError, entries.isFetchNextPageError, entries.error, t]);

  return (
    <div
      // Busy while the month (re)loads, not while a further page does: the loaded rows stay usable.
      aria-busy={entries.isFetching && !entries.isFetchingNextPage}
      style={{ opacity: entries.isPlaceholderData ? 0.6 : 1, transition: 'opacity 120ms' }}
    >
      {entries.isPending ? (
        <ListSkeleton />
      ) : entries.isError && !pages ? (
        <Stack align="center" py="xl">
          <Text c="dimmed">{t('entries:errors.load')}</Text>
          <Button variant="default" onClick={() => entries.refetch()}>
            {t('entries:errors.retry')}
          </Button>
        </Stack>
      ) : pages && total > 0 ? (
        <>
          <Text fz="xs" c="dimmed" mb={6} aria-live="polite" data-testid="entries-count">
            {t('entries:list.count', { count: total })}
          </Text>
          <EntriesList
            pages={pages}
            paging={paging}
            lookups={lookups}
            actions={actions}
            locale={locale}
            today={today}
            label={t('entries:list.label', { month: monthLabel })}
            format={format}
          />
        </>
      ) : (
        <EmptyMonth
          monthLabel={monthLabel}
          filtered={filtered}
          onAdd={onAdd}
          onClearFilters={onClearFilters}
        />
      )}
    </div>
  );
});

type Dialog =
  | { kind: 'none' }
  | { kind: 'form'; entry: Entry | null }
  | { kind: 'delete'; entry: Entry }
  | { kind: 'delete-scope'; entry: Entry };

/** /entries/list: the landing page after sign-in. */
export function EntriesListPage() {
  // `ledger` holds the list's paging texts (its end row): loaded with the page's own, not when the row shows.
  const { t } = useTranslation(['entries', 'common', 'ledger']);
  const { locale, format } = useMoneyFormat();
  const [searchParams, setSearchParams] = useSearchParams();
  const state = useMemo(() => parseListState(searchParams), [searchParams]);
  const today = todayIso();
  const thisMonth = currentMonth();

  const balance = useEntryBalance(state.month);
  const carouselStart = useCarouselStart();
  const accounts = useAccounts();
  const categories = useCategories();
  const tags = useTags();
  const setPaid = useSetEntryPaid();
  const remove = useDeleteEntry();
  const exporter = useExportEntries();

  const [dialog, setDialog] = useState<Dialog>({ kind: 'none' });
  const [filtersOpen, setFiltersOpen] = useState(false);

  const setState = useCallback(
    (next: EntryListState, options: { replace?: boolean } = {}) => {
      setSearchParams(serializeListState(next), { replace: options.replace ?? false });
    },
    [setSearchParams],
  );

  // Search text goes to the URL after a pause, not on each keystroke.
  const [search, setSearch] = useState(state.q ?? '');
  const [debouncedSearch] = useDebouncedValue(search, 300);
  const stateRef = useRef(state);
  stateRef.current = state;
  useEffect(() => {
    const q = debouncedSearch.trim();
    if ((stateRef.current.q ?? '') !== q)
      setState(withFilter(stateRef.current, 'q', q || undefined), { replace: true });
  }, [debouncedSearch, setState]);
  useEffect(() => {
    // Back/forward or "clear filters" changed q in the URL: show it in the box.
    setSearch((current) => (current.trim() === (state.q ?? '') ? current : (state.q ?? '')));
  }, [state.q]);

  // The list's first render should not pay for building Intl formatters: build them while the month loads.
  useEffect(() => {
    const handle = setTimeout(() => warmListFormatters(locale, format), 0);
    return () => clearTimeout(handle);
  }, [locale, format]);

  useEffect(() => {
    if (balance.isError) toastError(errorMessage(t, balance.error, 'entries:errors.load'));
  }, [balance.isError, balance.error, t]);

  const lookups = useMemo(
    () => buildLookups(accounts.data?.data ?? [], categories.data?.data ?? [], tags.data?.data ?? []),
    [accounts.data, categories.data, tags.data],
  );

  const setPaidRef = useRef(setPaid.mutate);
  setPaidRef.current = setPaid.mutate;
  const actions: EntryRowActions = useMemo(
    () => ({
      onEdit: (entry) => setDialog({ kind: 'form', entry }),
      onDelete: (entry) => setDialog({ kind: needsScope(entry) ? 'delete-scope' : 'delete', entry }),
      onTogglePaid: (entry) =>
        setPaidRef.current(
          { id: entry.id, paid: !entry.paid },
          { onError: (error) => toastError(errorMessage(t, error, 'entries:errors.paid')) },
        ),
    }),
    [t],
  );

  function confirmDelete(entry: Entry, scope: EntryScope) {
    remove.mutate(
      { id: entry.id, ...scopeQuery(entry, scope) },
      {
        onSuccess: () => {
          toastSuccess(t('entries:delete.deleted'));
          setDialog({ kind: 'none' });
        },
        onError: (error) => toastError(errorMessage(t, error, 'entries:errors.delete')),
      },
    );
  }

  function runExport(format: ExportFormat) {
    exporter.mutate(
      { state, format },
      {
        onSuccess: () => toastSuccess(t('entries:actions.exported')),
        onError: (error) => toastError(errorMessage(t, error, 'entries:errors.export')),
      },
    );
  }

  const monthLabel = formatMonthLong(state.month, locale);
  const startMonth: IsoMonth =
    [carouselStart.data?.month ?? thisMonth, thisMonth, state.month].sort()[0] ?? thisMonth;
  const filterCount = countFilters(state);
  const openNew = useCallback(() => setDialog({ kind: 'form', entry: null }), []);
  const clearAll = useCallback(() => setState(clearFilters(stateRef.current)), [setState]);
  const defaultDate = state.month === thisMonth ? today : firstDayOfMonth(state.month);

  const activeChips: { key: EntryFilterKey; label: string }[] = [];
  if (state.operation_id)
    activeChips.push({ key: 'operation_id', label: t(`entries:operations.${state.operation_id}`) });
  if (state.account_id)
    activeChips.push({ key: 'account_id', label: lookups.accounts.get(state.account_id)?.name ?? '…' });
  if (state.category_id) {
    activeChips.push({ key: 'category_id', label: lookups.categories.get(state.category_id)?.name ?? '…' });
  }
  if (state.tag_id) activeChips.push({ key: 'tag_id', label: lookups.tags.get(state.tag_id)?.name ?? '…' });
  if (state.paid !== undefined) {
    activeChips.push({
      key: 'paid',
      label: t(state.paid ? 'entries:filters.paidYes' : 'entries:filters.paidNo'),
    });
  }

  return (
    <Stack gap="md" maw={1100} mx="auto" w="100%">
      <PageHeader
        title={t('entries:title')}
        actions={
          <Group gap="xs" wrap="nowrap">
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <Button
                  variant="default"
                  leftSection={<IconDownload size={18} aria-hidden />}
                  loading={exporter.isPending}
                  data-testid="export-menu"
                  visibleFrom="sm"
                >
                  {t('entries:actions.export')}
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item
                  leftSection={<IconFileTypeCsv size={16} aria-hidden />}
                  onClick={() => runExport('csv')}
                  data-testid="export-csv"
                >
                  {t('entries:actions.exportCsv')}
                </Menu.Item>
                <Menu.Item
                  leftSection={<IconFileSpreadsheet size={16} aria-hidden />}
                  onClick={() => runExport('xlsx')}
                  data-testid="export-xlsx"
                >
                  {t('entries:actions.exportXlsx')}
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
            <Button
              variant="filled"
              color="centavo.7"
              leftSection={<IconPlus size={18} aria-hidden />}
              onClick={openNew}
              data-testid="new-entry"
            >
              {t('entries:actions.new')}
            </Button>
          </Group>
        }
      />

      <MonthCarousel
        value={state.month}
        min={startMonth}
        today={thisMonth}
        onChange={(month) => setState({ ...state, month })}
      />

      <TotalsBar balance={balance.data} monthLabel={monthLabel} loading={balance.isPending} />

      <div className={classes.toolbar}>
        <Group gap="xs" wrap="nowrap">
          <TextInput
            aria-label={t('entries:filters.q')}
            placeholder={t('entries:filters.qPlaceholder')}
            leftSection={<IconSearch size={16} aria-hidden />}
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
            rightSection={
              search ? (
                <CloseButton
                  size="sm"
                  aria-label={t('entries:filters.clear')}
                  onClick={() => setSearch('')}
                />
              ) : null
            }
            style={{ flex: 1 }}
            type="search"
            maxLength={100}
            data-testid="entries-search"
          />
          <Indicator color="centavo.7" label={filterCount} size={18} disabled={filterCount === 0} offset={4}>
            <Button
              variant="default"
              leftSection={<IconAdjustmentsHorizontal size={18} aria-hidden />}
              onClick={() => setFiltersOpen(true)}
              aria-label={
                filterCount
                  ? `${t('entries:actions.filters')} · ${t('entries:filters.active', { count: filterCount })}`
                  : t('entries:actions.filters')
              }
              data-testid="open-filters"
              px={{ base: 'xs', sm: 'md' }}
            >
              <Text component="span" visibleFrom="sm" fz="sm" fw={600}>
                {t('entries:actions.filters')}
              </Text>
            </Button>
          </Indicator>
          <ActionIcon
            variant="default"
            size={36}
            hiddenFrom="sm"
            aria-label={t('entries:actions.exportCsv')}
            onClick={() => runExport('csv')}
            loading={exporter.isPending}
          >
            <IconDownload size={18} aria-hidden />
          </ActionIcon>
        </Group>
        {activeChips.length > 0 ? (
          <Group gap={6} mt="xs" data-testid="active-filters">
            {activeChips.map((chip) => (
              <Badge
                key={chip.key}
                variant="light"
                size="lg"
                radius="xl"
                tt="none"
                fw={500}
                rightSection={
                  <CloseButton
                    size="xs"
                    aria-label={`${t('entries:filters.clear')}: ${chip.label}`}
                    onClick={() => setState(withFilter(state, chip.key, undefined), { replace: true })}
                  />
                }
              >
                {chip.label}
              </Badge>
            ))}
            <Button
              variant="subtle"
              size="compact-sm"
              color="gray"
              onClick={() => setState(clearFilters(state))}
            >
              {t('entries:filters.clear')}
            </Button>
          </Group>
        ) : null}
      </div>

      <MonthEntries
        state={state}
        lookups={lookups}
        actions={actions}
        locale={locale}
        format={format}
        today={today}
        monthLabel={monthLabel}
        filtered={filterCount > 0}
        onAdd={openNew}
        onClearFilters={clearAll}
      />

      <FiltersDrawer
        opened={filtersOpen}
        onClose={() => setFiltersOpen(false)}
        state={state}
        onChange={(next) => setState(next, { replace: true })}
        onClear={() => setState(clearFilters(state), { replace: true })}
        accounts={accounts.data?.data ?? []}
        categories={(categories.data?.data ?? []).filter((c) => c.type !== 'transfer')}
        tags={tags.data?.data ?? []}
      />

      <EntryFormModal
        opened={dialog.kind === 'form'}
        onClose={() => setDialog({ kind: 'none' })}
        entry={dialog.kind === 'form' ? dialog.entry : null}
        defaultDate={defaultDate}
        accounts={accounts.data?.data ?? []}
        categories={categories.data?.data ?? []}
        tags={tags.data?.data ?? []}
      />

      <DeleteDialog
        opened={dialog.kind === 'delete'}
        description={dialog.kind === 'delete' ? dialog.entry.description : ''}
        onClose={() => setDialog({ kind: 'none' })}
        onConfirm={() => dialog.kind === 'delete' && confirmDelete(dialog.entry, 'one')}
        busy={remove.isPending}
      />
      {dialog.kind === 'delete-scope' ? (
        <ScopeDialog
          key={dialog.entry.id}
          opened
          mode="delete"
          options={scopeOptions(dialog.entry)}
          onClose={() => setDialog({ kind: 'none' })}
          onConfirm={(scope) => confirmDelete(dialog.entry, scope)}
          busy={remove.isPending}
        />
      ) : null}
    </Stack>
  );
}
