import type { Entry, Invoice } from '@centavo/shared';
import { addMonths } from '@centavo/shared/dates';
import { Badge, Group, Stack, Text } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPlayerTrackNext } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { AmountText } from '../../../components/AmountText.tsx';
import { IconButton } from '../../../components/IconButton.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { toastError, toastSuccess } from '../../../lib/toasts.ts';
import { useMoneyFormat } from '../../../lib/use-money-format.ts';
import { useAnticipateInstallments, useMoveEntry } from '../api/cards.ts';
import { formatDate } from '../dates.ts';

/** The invoice's entries grouped by day, with k/N labels and the move actions. */
export function InvoiceEntries({ invoice }: { invoice: Invoice }) {
  const { t } = useTranslation('cards');
  const { locale } = useMoneyFormat();
  const move = useMoveEntry();
  const anticipate = useAnticipateInstallments();
  const entries = invoice.entries ?? [];
  if (entries.length === 0) {
    return (
      <Text c="dimmed" ta="center" py="lg">
        {t('page.empty')}
      </Text>
    );
  }
  const days = new Map<string, Entry[]>();
  for (const entry of entries) days.set(entry.date, [...(days.get(entry.date) ?? []), entry]);
  function moveTo(entry: Entry, delta: number) {
    move.mutate(
      { id: entry.id, month: addMonths(invoice.month, delta) },
      {
        onSuccess: () => toastSuccess(t('toasts.moved')),
        onError: (error) => toastError(errorMessage(error)),
      },
    );
  }
  // "Antecipar parcelas" (DESIGN.md §4): the installments after this one come into the open invoice.
  function bringForward(entry: Entry) {
    anticipate.mutate(entry.id, {
      onSuccess: (moved) => toastSuccess(t('toasts.anticipated', { count: moved.data.length })),
      onError: (error) => toastError(errorMessage(error)),
    });
  }
  return (
    <Stack gap="sm" data-testid="invoice-entries">
      {[...days.entries()].map(([day, rows]) => (
        <Stack key={day} gap={4}>
          <Text fz="xs" fw={700} c="dimmed" tt="uppercase">
            {formatDate(day, locale)}
          </Text>
          {rows.map((entry) => (
            <Group key={entry.id} justify="space-between" wrap="nowrap" gap="xs" data-testid="invoice-entry">
              <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
                <Text fz="sm" lineClamp={3} style={{ overflowWrap: 'anywhere' }}>
                  {entry.description}
                </Text>
                {entry.installment_count ? (
                  <Badge variant="light" size="sm" data-testid="installment-label">
                    {t('page.installment', { k: entry.installment_number, n: entry.installment_count })}
                  </Badge>
                ) : null}
                {entry.operation_id === 1 ? (
                  <Badge variant="light" color="teal" size="sm">
                    {t('page.refund')}
                  </Badge>
                ) : null}
              </Group>
              <Group gap={2} wrap="nowrap">
                <AmountText value={entry.value} operation={entry.operation_id} fz="sm" />
                {entry.installment_count !== null &&
                entry.installment_number !== null &&
                entry.installment_number < entry.installment_count ? (
                  <IconButton
                    label={t('page.anticipate', { name: entry.description })}
                    size="sm"
                    onClick={() => bringForward(entry)}
                    data-testid="anticipate"
                  >
                    <IconPlayerTrackNext size={14} />
                  </IconButton>
                ) : null}
                <IconButton
                  label={t('page.moveBack', { name: entry.description })}
                  size="sm"
                  onClick={() => moveTo(entry, -1)}
                >
                  <IconArrowUp size={14} />
                </IconButton>
                <IconButton
                  label={t('page.moveNext', { name: entry.description })}
                  size="sm"
                  onClick={() => moveTo(entry, 1)}
                >
                  <IconArrowDown size={14} />
                </IconButton>
              </Group>
            </Group>
          ))}
        </Stack>
      ))}
    </Stack>
  );
}
