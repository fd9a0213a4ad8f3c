import type { Entry } from '@centavo/shared';
import { OPERATIONS } from '@centavo/shared/constants';
import { addMonths, localMonth } from '@centavo/shared/dates';
import { Select } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/queries/keys.ts';
import type { EntryForm } from '../hooks/use-entry-form.ts';
import { selectedCardId } from '../lib/entry-form.ts';

/**
 * A card refund (estorno) names the purchase it gives back (DESIGN.md §4): choosing one of the card's purchases
 * of the last six months fills in its expense category and subcategory, so the refund lowers that spending.
 */
export function RefundOfField({ entryForm }: { entryForm: EntryForm }) {
  const { t } = useTranslation('entries');
  const { form } = entryForm;
  const cardId = selectedCardId(form.values);
  const refund = Number(form.values.operation_id) === OPERATIONS.income && cardId !== null;
  const month = localMonth();
  const filters = {
    card_id: cardId,
    operation_id: OPERATIONS.expense,
    start_month: addMonths(month, -5),
    end_month: month,
  };
  const purchases = useQuery({
    queryKey: queryKeys.entries.list({ refundOf: true, ...filters }),
    queryFn: () => apiRequest<{ data: Entry[] }>('/entry', { query: { ...filters, per_page: 100, page: 1 } }),
    enabled: refund,
  });
  if (!refund) return null;
  const list = (purchases.data?.data ?? []).filter((e) => e.category_id !== null);
  return (
    <Select
      label={t('form.refundOf')}
      description={t('form.refundOfHint')}
      placeholder={t('form.choose')}
      data={list.map((e) => ({ value: String(e.id), label: `${e.date} · ${e.description}` }))}
      searchable
      clearable
      comboboxProps={{ zIndex: 400 }}
      data-testid="refund-of"
      onChange={(value) => {
        const chosen = list.find((e) => String(e.id) === value);
        if (!chosen) return;
        form.setFieldValue('category_id', String(chosen.category_id));
        form.setFieldValue(
          'sub_category_id',
          chosen.sub_category_id === null ? null : String(chosen.sub_category_id),
        );
      }}
    />
  );
}
