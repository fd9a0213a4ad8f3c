import { Button, Drawer, Group, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useAccounts } from '../../../lib/queries/accounts.ts';
import { useCategories } from '../../../lib/queries/categories.ts';
import { useTags } from '../../../lib/queries/tags.ts';
import { type EntryFilterKey, type EntryListState, withFilter } from '../lib/filters.ts';

const OPERATION_IDS = [1, 2, 3, 4] as const;
const ALL_ACCOUNTS = { includeArchived: true } as const;
/** The category filter's "Uncategorised" choice (entries without a category). */
const NO_CATEGORY = 'none';

/** Filters apply as they change (the URL is the state), so "Done" only closes the drawer. */
export function FiltersDrawer({
  opened,
  onClose,
  state,
  onChange,
  onClear,
}: {
  opened: boolean;
  onClose: () => void;
  state: EntryListState;
  onChange: (state: EntryListState) => void;
  onClear: () => void;
}) {
  const { t } = useTranslation('entries');
  const accounts = useAccounts(ALL_ACCOUNTS).data?.data ?? [];
  // Transfers have their own fixed category: filtering by operation covers them.
  const categories = (useCategories().data?.data ?? []).filter((c) => c.type !== 'transfer');
  const tags = useTags().data?.data ?? [];
  function set<K extends EntryFilterKey>(key: K, value: EntryListState[K] | undefined) {
    onChange(withFilter(state, key, value));
  }
  const idValue = (value: number | undefined) => (value === undefined ? null : String(value));
  const toId = (value: string | null) => (value ? Number(value) : undefined);
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size="sm"
      title={t('filters.title')}
      closeButtonProps={{ 'aria-label': t('form.close') }}
      radius="md"
      offset={8}
    >
      <Stack gap="md">
        <Select
          label={t('filters.operation')}
          placeholder={t('filters.any')}
          clearable
          data={OPERATION_IDS.map((id) => ({ value: String(id), label: t(`operations.${id}`) }))}
          value={idValue(state.operation_id)}
          onChange={(value) => set('operation_id', toId(value))}
          data-testid="filter-operation"
        />
        <Select
          label={t('filters.account')}
          placeholder={t('filters.any')}
          clearable
          searchable
          data={accounts.map((a) => ({ value: String(a.id), label: a.name }))}
          value={idValue(state.account_id)}
          onChange={(value) => set('account_id', toId(value))}
          data-testid="filter-account"
        />
        <Select
          label={t('filters.category')}
          placeholder={t('filters.any')}
          clearable
          searchable
          data={[
            { value: NO_CATEGORY, label: t('filters.withoutCategory') },
            ...categories
              // Hidden categories leave the picker unless they are the current filter.
              .filter((c) => !c.hidden || c.id === state.category_id)
              .map((c) => ({ value: String(c.id), label: c.name })),
          ]}
          value={state.without_category ? NO_CATEGORY : idValue(state.category_id)}
          onChange={(value) =>
            onChange(
              withFilter(
                withFilter(state, 'without_category', value === NO_CATEGORY ? true : undefined),
                'category_id',
                value === NO_CATEGORY ? undefined : toId(value),
              ),
            )
          }
          data-testid="filter-category"
        />
        <Select
          label={t('filters.tag')}
          placeholder={t('filters.any')}
          clearable
          searchable
          data={tags.map((tag) => ({ value: String(tag.id), label: tag.name }))}
          value={idValue(state.tag_id)}
          onChange={(value) => set('tag_id', toId(value))}
          data-testid="filter-tag"
        />
        <div>
          <Text component="label" id="filter-paid-label" fz="sm" fw={500} display="block" mb={4}>
            {t('filters.paid')}
          </Text>
          <SegmentedControl
            fullWidth
            aria-labelledby="filter-paid-label"
            value={state.paid === undefined ? 'all' : state.paid ? 'paid' : 'unpaid'}
            onChange={(value) => set('paid', value === 'all' ? undefined : value === 'paid')}
            data={[
              { value: 'all', label: t('filters.paidAll') },
              { value: 'paid', label: t('filters.paidYes') },
              { value: 'unpaid', label: t('filters.paidNo') },
            ]}
            data-testid="filter-paid"
          />
        </div>
        <Group justify="space-between" mt="sm">
          <Button variant="subtle" color="gray" onClick={onClear} data-testid="filters-clear">
            {t('filters.clear')}
          </Button>
          <Button variant="filled" color="centavo.7" onClick={onClose}>
            {t('filters.close')}
          </Button>
        </Group>
      </Stack>
    </Drawer>
  );
}
