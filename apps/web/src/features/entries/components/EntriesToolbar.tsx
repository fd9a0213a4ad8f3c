import { ActionIcon, Button, CloseButton, Group, Indicator, Text, TextInput } from '@mantine/core';
import { IconAdjustmentsHorizontal, IconDownload, IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { clearFilters, countFilters, type EntryListState, withFilter } from '../lib/filters.ts';
import { ActiveFilters } from './ActiveFilters.tsx';
import classes from './entries.module.css';

/** Search, the filters button (with how many are on), CSV export on phones, and the active filters. */
export function EntriesToolbar({
  state,
  onChange,
  search,
  onSearch,
  onOpenFilters,
  onExportCsv,
  exporting,
}: {
  state: EntryListState;
  onChange: (state: EntryListState, options?: { replace?: boolean }) => void;
  search: string;
  onSearch: (text: string) => void;
  onOpenFilters: () => void;
  onExportCsv: () => void;
  exporting: boolean;
}) {
  const { t } = useTranslation('entries');
  const filterCount = countFilters(state);
  return (
    <div className={classes.toolbar}>
      <Group gap="xs" wrap="nowrap">
        <TextInput
          aria-label={t('filters.q')}
          placeholder={t('filters.qPlaceholder')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(event) => onSearch(event.currentTarget.value)}
          rightSection={
            search ? (
              <CloseButton size="sm" aria-label={t('filters.clear')} onClick={() => onSearch('')} />
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
            onClick={onOpenFilters}
            aria-label={
              filterCount
                ? `${t('actions.filters')} · ${t('filters.active', { count: filterCount })}`
                : t('actions.filters')
            }
            data-testid="open-filters"
            px={{ base: 'xs', sm: 'md' }}
          >
            <Text component="span" visibleFrom="sm" fz="sm" fw={600}>
              {t('actions.filters')}
            </Text>
          </Button>
        </Indicator>
        <ActionIcon
          variant="default"
          size={36}
          hiddenFrom="sm"
          aria-label={t('actions.exportCsv')}
          onClick={onExportCsv}
          loading={exporting}
        >
          <IconDownload size={18} aria-hidden />
        </ActionIcon>
      </Group>
      <ActiveFilters
        state={state}
        onClear={(key) => onChange(withFilter(state, key, undefined), { replace: true })}
        onClearAll={() => onChange(clearFilters(state))}
      />
    </div>
  );
}
