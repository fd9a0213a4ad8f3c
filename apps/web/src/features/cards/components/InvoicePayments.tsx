import type { Entry, Invoice } from '@centavo/shared';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AmountText } from '../../../components/AmountText.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { useAccounts } from '../../../lib/queries/accounts.ts';
import { usePayInvoice } from '../../../lib/queries/cards.ts';
import { toastError, toastSuccess } from '../../../lib/toasts.ts';
import { useMoneyFormat } from '../../../lib/use-money-format.ts';

function formatDate(date: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );
}

/**
 * An invoice's payments, each with its own undo behind a confirmation (issue 23 #4): "Undo payment" used to
 * remove every payment of the invoice at once, without asking.
 */
export function InvoicePayments({ invoice }: { invoice: Invoice }) {
  const { t } = useTranslation('cards');
  const { locale, format } = useMoneyFormat();
  const accounts = useAccounts({ includeArchived: true });
  const pay = usePayInvoice();
  const [undoing, setUndoing] = useState<Entry | null>(null);
  const payments = invoice.payments ?? [];
  if (payments.length === 0) return null;
  const accountName = (id: number | null) =>
    (accounts.data?.data ?? []).find((a) => a.id === id)?.name ?? '—';
  function confirm() {
    if (!undoing) return;
    pay.mutate(
      { id: invoice.id, body: { paid: false, payment_id: undoing.id } },
      {
        onSuccess: () => {
          setUndoing(null);
          toastSuccess(t('toasts.undone'));
        },
        onError: (error) => toastError(errorMessage(error)),
      },
    );
  }
  return (
    <Stack gap={4}>
      <Text fz="xs" fw={700} c="dimmed" tt="uppercase">
        {t('page.payments')}
      </Text>
      {payments.map((p) => (
        <Group key={p.id} justify="space-between" wrap="nowrap" gap="xs" data-testid="invoice-payment">
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text fz="sm">{formatDate(p.date, locale)}</Text>
            <Text fz="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {accountName(p.account_id)}
            </Text>
          </Stack>
          <Group gap="xs" wrap="nowrap">
            <AmountText value={p.value} fz="sm" />
            <Button
              variant="default"
              size="compact-sm"
              onClick={() => setUndoing(p)}
              aria-label={t('page.undoOne', { amount: format(p.value), date: formatDate(p.date, locale) })}
              data-testid="invoice-undo"
            >
              {t('page.undo')}
            </Button>
          </Group>
        </Group>
      ))}
      <Modal
        opened={undoing !== null}
        onClose={() => setUndoing(null)}
        title={t('page.undoTitle')}
        closeButtonProps={{ 'aria-label': t('common:actions.close') }}
        centered
        data-testid="undo-dialog"
      >
        {undoing ? (
          <Stack>
            <Text fz="sm">
              {t('page.undoBody', {
                amount: format(undoing.value),
                date: formatDate(undoing.date, locale),
                account: accountName(undoing.account_id),
              })}
            </Text>
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={() => setUndoing(null)}>
                {t('page.undoCancel')}
              </Button>
              <Button color="red.8" onClick={confirm} loading={pay.isPending} data-testid="undo-confirm">
                {t('page.undoConfirm')}
              </Button>
            </Group>
          </Stack>
        ) : null}
      </Modal>
    </Stack>
  );
}
