import { Badge, Button, CloseButton, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../../lib/i18n.ts';
import { intlLocale } from '../../../lib/locale.ts';
import { formatMonthRange } from '../../../lib/months.ts';
import { useLookups } from '../hooks/use-lookups.ts';
import type { EntryFilterKey, EntryListState } from '../lib/filters.ts';

/** The filters in use as removable chips; names come from the lookups, so it subscribes to them itself. */
export function ActiveFilters({
  state,
  onClear,
  onClearAll,
}: {
  state: EntryListState;
  onClear: (key: EntryFilterKey) => void;
  onClearAll: () => void;
}) {
  const { t } = useTranslation('entries');
  const locale = intlLocale(useLocale());
  const { lookups } = useLookups();
  const chips: { key: EntryFilterKey; label: string }[] = [];
  if (state.operation_id) chips.push({ key: 'operation_id', label: t(`operations.${state.operation_id}`) });
  if (state.account_id)
    chips.push({ key: 'account_id', label: lookups.accounts.get(state.account_id)?.name ?? '…' });
  if (state.category_id)
    chips.push({ key: 'category_id', label: lookups.categories.get(state.category_id)?.name ?? '…' });
  if (state.tag_id) chips.push({ key: 'tag_id', label: lookups.tags.get(state.tag_id)?.name ?? '…' });
  if (state.paid !== undefined)
    chips.push({ key: 'paid', label: t(state.paid ? 'filters.paidYes' : 'filters.paidNo') });
  if (state.sub_category_id)
    chips.push({
      key: 'sub_category_id',
      label: lookups.subcategories?.get(state.sub_category_id)?.name ?? t('filters.subcategory'),
    });
  if (state.without_category) chips.push({ key: 'without_category', label: t('filters.withoutCategory') });
  if (state.without_subcategory)
    chips.push({ key: 'without_subcategory', label: t('filters.withoutSubcategory') });
  if (state.start_month && state.end_month)
    chips.push({
      key: 'start_month',
      label: formatMonthRange(state.start_month, state.end_month, locale, t),
    });
  if (state.basis)
    chips.push({
      key: 'basis',
      label: t(state.basis === 'cash' ? 'filters.basisCash' : 'filters.basisAccrual'),
    });
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
              aria-label={`${t('filters.clear')}: ${chip.label}`}
              onClick={() => onClear(chip.key)}
            />
          }
        >
          {chip.label}
        </Badge>
      ))}
      <Button variant="subtle" size="compact-sm" color="gray" onClick={onClearAll}>
        {t('filters.clear')}
      </Button>
    </Group>
  );
}
