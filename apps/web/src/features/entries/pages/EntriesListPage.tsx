import { firstDayOfMonth, type IsoMonth, localMonth, localToday } from '@centavo/shared/dates';
import { Button, Group, Stack, Text } from '@mantine/core';
import { IconFileImport, IconPlus } from '@tabler/icons-react';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../app/paths.ts';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { useLocale } from '../../../lib/i18n.ts';
import { intlLocale } from '../../../lib/locale.ts';
import { formatMonthInSentence, formatMonthLong } from '../../../lib/months.ts';
import { DeleteDialog } from '../components/DeleteDialog.tsx';
import { EntriesMonthCarousel } from '../components/EntriesMonthCarousel.tsx';
import { EntriesToolbar } from '../components/EntriesToolbar.tsx';
import { EntryFormModal } from '../components/EntryFormModal.tsx';
import { ExportMenu } from '../components/ExportMenu.tsx';
import { FiltersDrawer } from '../components/FiltersDrawer.tsx';
import { MonthEntries } from '../components/MonthEntries.tsx';
import { MonthTotals } from '../components/MonthTotals.tsx';
import { ScopeDialog } from '../components/ScopeDialog.tsx';
import { useEntriesExport } from '../hooks/use-entries-export.ts';
import { useEntryActions } from '../hooks/use-entry-actions.ts';
import { useListState } from '../hooks/use-list-state.ts';
import { clearFilters, countFilters, type EntryListState } from '../lib/filters.ts';
import { scopeOptions } from '../lib/scope.ts';

/**
 * /entries/list: the landing page after sign-in. The page only assembles its parts; each part subscribes
 * to its own queries, so an answer renders that part alone, not the whole page (and the list with it).
 */
export function EntriesListPage() {
  const { t } = useTranslation('entries');
  const locale = intlLocale(useLocale());
  const { state, setState, update, search, setSearch } = useListState();
  const { dialog, actions, openNew, close, confirmDelete, deleting } = useEntryActions();
  const exporter = useEntriesExport(state);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const today = localToday();
  const thisMonth = localMonth();
  // Every use is inside a sentence ("Resumo de novembro de 2026").
  const monthLabel = formatMonthInSentence(state.month, locale);
  const onMonth = useCallback((month: IsoMonth) => update((s) => ({ ...s, month })), [update]);
  const clearAll = useCallback(() => update(clearFilters), [update]);
  // The drawer's filters apply as they change: each one replaces the history entry instead of adding one.
  const replaceState = useCallback((next: EntryListState) => setState(next, { replace: true }), [setState]);

  return (
    <Stack gap="md" maw={1100} mx="auto" w="100%">
      <PageHeader
        title={t('title')}
        actions={
          <Group gap="xs" wrap="nowrap">
            <Button
              component={Link}
              to={paths.importPage.build()}
              variant="default"
              aria-label={t('actions.import')}
              px={{ base: 'xs', sm: 'md' }}
              data-testid="entries-import"
            >
              <IconFileImport size={18} aria-hidden />
              <Text component="span" visibleFrom="sm" fz="sm" fw={600} ml={6}>
                {t('actions.import')}
              </Text>
            </Button>
            <ExportMenu
              onExport={exporter.run}
              busy={exporter.pending}
              monthLabel={formatMonthLong(state.month, locale)}
              year={state.month.slice(0, 4)}
            />
            <Button
              variant="filled"
              color="centavo.7"
              leftSection={<IconPlus size={18} aria-hidden />}
              onClick={openNew}
              data-testid="new-entry"
            >
              {t('actions.new')}
            </Button>
          </Group>
        }
      />
      <EntriesMonthCarousel month={state.month} thisMonth={thisMonth} onChange={onMonth} />
      <MonthTotals state={state} monthLabel={monthLabel} />
      <EntriesToolbar
        state={state}
        onChange={setState}
        search={search}
        onSearch={setSearch}
        onOpenFilters={() => setFiltersOpen(true)}
        onExportCsv={() => exporter.run('csv')}
        exporting={exporter.pending}
      />
      <MonthEntries
        state={state}
        actions={actions}
        today={today}
        monthLabel={monthLabel}
        filtered={countFilters(state) > 0}
        onAdd={openNew}
        onClearFilters={clearAll}
      />
      <FiltersDrawer
        opened={filtersOpen}
        onClose={() => setFiltersOpen(false)}
        state={state}
        onChange={replaceState}
        onClear={() => replaceState(clearFilters(state))}
      />
      <EntryFormModal
        opened={dialog.kind === 'form'}
        onClose={close}
        entry={dialog.kind === 'form' ? dialog.entry : null}
        defaultDate={state.month === thisMonth ? today : firstDayOfMonth(state.month)}
      />
      <DeleteDialog
        opened={dialog.kind === 'delete'}
        description={dialog.kind === 'delete' ? dialog.entry.description : ''}
        onClose={close}
        onConfirm={() => dialog.kind === 'delete' && confirmDelete(dialog.entry, 'one')}
        busy={deleting}
      />
      {dialog.kind === 'delete-scope' ? (
        <ScopeDialog
          key={dialog.entry.id}
          opened
          mode="delete"
          options={scopeOptions(dialog.entry)}
          onClose={close}
          onConfirm={(scope) => confirmDelete(dialog.entry, scope)}
          busy={deleting}
        />
      ) : null}
    </Stack>
  );
}
