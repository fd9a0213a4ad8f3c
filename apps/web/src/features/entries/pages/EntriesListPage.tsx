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
import { type ComponentProps, memo, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { formatMonthLong, MonthCarousel } from '../../../components/MonthCarousel.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { useLocale } from '../../../lib/i18n.ts';
import { intlLocale } from '../../../lib/locale.ts';
import { useAccounts } from '../../../lib/queries/accounts.ts';
import { useCategories } from '../../../lib/queries/categories.ts';
import { useTags } from '../../../lib/queries/tags.ts';
import { toastError, toastSuccess } from '../../../lib/toasts.ts';
import { useMoneyFormat } from '../../../lib/use-money-format.ts';
import { useDeleteEntry } from '../api/delete-entry.ts';
import { type ExportFormat, useExportEntries } from '../api/export-entries.ts';
import { useCarouselStart } from '../api/get-carousel-start.ts';
import { useEntries } from '../api/get-entries.ts';
import { useEntryBalance } from '../api/get-entry-balance.ts';
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

/** Archived accounts too: old entries still name theirs (the form offers the active ones). */
const ALL_ACCOUNTS = { includeArchived: true } as const;

/** One empty list for every "not loaded yet", so memoised children see the same array. */
const NONE: never[] = [];

/** Names and colours of the accounts, categories and tags (one cache entry each, shared by the page's parts). */
function useLookups(): { lookups: Lookups; pending: boolean } {
  const accounts = useAccounts(ALL_ACCOUNTS);
  const categories = useCategories();
  const tags = useTags();
  const lookups = useMemo(
    () => buildLookups(accounts.data?.data ?? [], categories.data?.data ?? [], tags.data?.data ?? []),
    [accounts.data, categories.data, tags.data],
  );
  return { lookups, pending: accounts.isPending || categories.isPending || tags.isPending };
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
const MonthEntries = memo(function MonthEntries({
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
  const { t } = useTranslation(['entries', 'common']);
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

/** The month's totals: the only part of the page that re-renders when GET /entry/balance answers. */
const MonthTotals = memo(function MonthTotals({ month, monthLabel }: { month: string; monthLabel: string }) {
  const { t } = useTranslation('entries');
  const balance = useEntryBalance(month);
  useEffect(() => {
    if (balance.isError) toastError(errorMessage(balance.error, 'entries:errors.load'));
  }, [balance.isError, balance.error]);
  return <TotalsBar balance={balance.data} monthLabel={monthLabel} loading={balance.isPending} />;
});

/** The carousel, from the first month with entries (its own request) to five years ahead. */
const EntriesMonthCarousel = memo(function EntriesMonthCarousel({
  month,
  thisMonth,
  onChange,
}: {
  month: IsoMonth;
  thisMonth: IsoMonth;
  onChange: (month: IsoMonth) => void;
}) {
  const carouselStart = useCarouselStart();
  const startMonth: IsoMonth =
    [carouselStart.data?.month ?? thisMonth, thisMonth, month].sort()[0] ?? thisMonth;
  return <MonthCarousel value={month} min={startMonth} today={thisMonth} onChange={onChange} />;
});

/** The filters in use as removable chips; names come from the lookups, so it subscribes to them itself. */
function ActiveFilters({
  state,
  onClear,
  onClearAll,
}: {
  state: EntryListState;
  onClear: (key: EntryFilterKey) => void;
  onClearAll: () => void;
}) {
  const { t } = useTranslation(['entries', 'common']);
  const { lookups } = useLookups();
  const chips: { key: EntryFilterKey; label: string }[] = [];
  if (state.operation_id)
    chips.push({ key: 'operation_id', label: t(`entries:operations.${state.operation_id}`) });
  if (state.account_id)
    chips.push({ key: 'account_id', label: lookups.accounts.get(state.account_id)?.name ?? '…' });
  if (state.category_id) {
    chips.push({ key: 'category_id', label: lookups.categories.get(state.category_id)?.name ?? '…' });
  }
  if (state.tag_id) chips.push({ key: 'tag_id', label: lookups.tags.get(state.tag_id)?.name ?? '…' });
  if (state.paid !== undefined) {
    chips.push({ key: 'paid', label: t(state.paid ? 'entries:filters.paidYes' : 'entries:filters.paidNo') });
  }
  if (chips.length === 0) return null;
  return (
    <Group gap={6} mt="xs" data-testid="active-filters">
      {chips.map((chip) => (
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
              onClick={() => onClear(chip.key)}
            />
          }
        >
          {chip.label}
        </Badge>
      ))}
      <Button variant="subtle" size="compact-sm" color="gray" onClick={onClearAll}>
        {t('entries:filters.clear')}
      </Button>
    </Group>
  );
}

/** The filters drawer with the accounts, categories and tags it offers (its own subscriptions). */
function EntriesFilters(
  props: Omit<ComponentProps<typeof FiltersDrawer>, 'accounts' | 'categories' | 'tags'>,
) {
  const accounts = useAccounts(ALL_ACCOUNTS);
  const categories = useCategories();
  const tags = useTags();
  const choosable = useMemo(
    () => (categories.data?.data ?? []).filter((c) => c.type !== 'transfer'),
    [categories.data],
  );
  return (
    <FiltersDrawer
      {...props}
      accounts={accounts.data?.data ?? NONE}
      categories={choosable}
      tags={tags.data?.data ?? NONE}
    />
  );
}

/** The entry form with the accounts, categories and tags it offers (its own subscriptions). */
function EntryForm(props: Omit<ComponentProps<typeof EntryFormModal>, 'accounts' | 'categories' | 'tags'>) {
  const accounts = useAccounts(ALL_ACCOUNTS);
  const categories = useCategories();
  const tags = useTags();
  return (
    <EntryFormModal
      {...props}
      accounts={accounts.data?.data ?? NONE}
      categories={categories.data?.data ?? NONE}
      tags={tags.data?.data ?? NONE}
    />
  );
}

type Dialog =
  | { kind: 'none' }
  | { kind: 'form'; entry: Entry | null }
  | { kind: 'delete'; entry: Entry }
  | { kind: 'delete-scope'; entry: Entry };

/** /entries/list: the landing page after sign-in. */
export function EntriesListPage() {
  // `ledger` holds the list's paging texts (its end row): loaded with the page's own, not when the row shows.
  const { t } = useTranslation(['entries', 'common', 'ledger']);
  // The shell needs the locale only (month names); the rows' money format lives in MonthEntries.
  const locale = intlLocale(useLocale());
  const [searchParams, setSearchParams] = useSearchParams();
  const state = useMemo(() => parseListState(searchParams), [searchParams]);
  const today = todayIso();
  const thisMonth = currentMonth();

  // No query of the page is read here: each part subscribes to its own, so an answer renders that part
  // alone, not the whole page (and the list with it) once per answer.
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

  const setPaidRef = useRef(setPaid.mutate);
  setPaidRef.current = setPaid.mutate;
  const actions: EntryRowActions = useMemo(
    () => ({
      onEdit: (entry) => setDialog({ kind: 'form', entry }),
      onDelete: (entry) => setDialog({ kind: needsScope(entry) ? 'delete-scope' : 'delete', entry }),
      onTogglePaid: (entry) =>
        setPaidRef.current(
          { id: entry.id, paid: !entry.paid },
          { onError: (error) => toastError(errorMessage(error, 'entries:errors.paid')) },
        ),
    }),
    [],
  );

  function confirmDelete(entry: Entry, scope: EntryScope) {
    remove.mutate(
      { id: entry.id, ...scopeQuery(entry, scope) },
      {
        onSuccess: () => {
          toastSuccess(t('entries:delete.deleted'));
          setDialog({ kind: 'none' });
        },
        onError: (error) => toastError(errorMessage(error, 'entries:errors.delete')),
      },
    );
  }

  function runExport(format: ExportFormat) {
    exporter.mutate(
      { state, format },
      {
        onSuccess: () => toastSuccess(t('entries:actions.exported')),
        onError: (error) => toastError(errorMessage(error, 'entries:errors.export')),
      },
    );
  }

  const monthLabel = formatMonthLong(state.month, locale);
  const filterCount = countFilters(state);
  const openNew = useCallback(() => setDialog({ kind: 'form', entry: null }), []);
  const clearAll = useCallback(() => setState(clearFilters(stateRef.current)), [setState]);
  const onMonth = useCallback((month: IsoMonth) => setState({ ...stateRef.current, month }), [setState]);
  const defaultDate = state.month === thisMonth ? today : firstDayOfMonth(state.month);

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

      <EntriesMonthCarousel month={state.month} thisMonth={thisMonth} onChange={onMonth} />

      <MonthTotals month={state.month} monthLabel={monthLabel} />

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
        <ActiveFilters
          state={state}
          onClear={(key) => setState(withFilter(state, key, undefined), { replace: true })}
          onClearAll={() => setState(clearFilters(state))}
        />
      </div>

      <MonthEntries
        state={state}
        actions={actions}
        today={today}
        monthLabel={monthLabel}
        filtered={filterCount > 0}
        onAdd={openNew}
        onClearFilters={clearAll}
      />

      <EntriesFilters
        opened={filtersOpen}
        onClose={() => setFiltersOpen(false)}
        state={state}
        onChange={(next) => setState(next, { replace: true })}
        onClear={() => setState(clearFilters(state), { replace: true })}
      />

      <EntryForm
        opened={dialog.kind === 'form'}
        onClose={() => setDialog({ kind: 'none' })}
        entry={dialog.kind === 'form' ? dialog.entry : null}
        defaultDate={defaultDate}
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
