import type { Invoice } from '@centavo/shared';
import { Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal, ModalForm } from '../../../components/FormModal.tsx';
import { LazyDateField } from '../../../components/LazyDateField.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { formatMonthInSentence } from '../../../lib/months.ts';
import { toastError, toastSuccess } from '../../../lib/toasts.ts';
import { useMoneyFormat } from '../../../lib/use-money-format.ts';
import { useInvoiceDates } from '../api/cards.ts';

function firstError(errors: Record<string, string[]> | undefined, field: string): string | undefined {
  return errors?.[field]?.[0];
}

/** Override an invoice's closing and due dates (banks move them around weekends and holidays). */
export function DatesDialog({
  invoice,
  opened,
  onClose,
}: {
  invoice: Invoice;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation(['cards', 'common']);
  const { locale } = useMoneyFormat();
  const [close, setClose] = useState(invoice.close_date);
  const [due, setDue] = useState(invoice.due_date);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const save = useInvoiceDates();
  const title = t('dates.title', { month: formatMonthInSentence(invoice.month, locale) });
  return (
    <FormModal opened={opened} onClose={onClose} title={title}>
      <ModalForm
        label={title}
        submitLabel={t('dates.save')}
        pending={save.isPending}
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate(
            { id: invoice.id, body: { close_date: close, due_date: due } },
            {
              onSuccess: () => {
                toastSuccess(t('toasts.datesSaved'));
                onClose();
              },
              onError: (error) => {
                setErrors(isApiError(error) ? (error.errors ?? {}) : {});
                toastError(errorMessage(error));
              },
            },
          );
        }}
      >
        <LazyDateField
          label={t('dates.close')}
          value={close}
          onChange={setClose}
          error={firstError(errors, 'close_date')}
          required
        />
        <LazyDateField
          label={t('dates.due')}
          value={due}
          onChange={setDue}
          error={firstError(errors, 'due_date')}
          required
        />
        {errors.close_date ? null : (
          <Text fz="xs" c="dimmed">
            {t('page.bestDayHint')}
          </Text>
        )}
      </ModalForm>
    </FormModal>
  );
}
