import type { Invoice } from '@centavo/shared';
import {
  type CardDays,
  defaultCloseDate,
  defaultDueDate,
  INVOICE_DATE_MAX_SHIFT_DAYS,
} from '@centavo/shared/cards';
import { addDays, daysBetween } from '@centavo/shared/dates';
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

/**
 * What the API would refuse in an invoice's new dates (DESIGN.md §4): each within 15 days of the date the
 * card's days give, closing before due. The same bounds limit the calendars.
 */
export function invoiceDateBounds(card: CardDays, month: string) {
  const rule = { close_date: defaultCloseDate(card, month), due_date: defaultDueDate(card, month) };
  const bound = (date: string) => ({
    min: addDays(date, -INVOICE_DATE_MAX_SHIFT_DAYS),
    max: addDays(date, INVOICE_DATE_MAX_SHIFT_DAYS),
  });
  return { close: bound(rule.close_date), due: bound(rule.due_date), rule };
}

function tooFar(rule: string, value: string): boolean {
  return value !== '' && Math.abs(daysBetween(rule, value)) > INVOICE_DATE_MAX_SHIFT_DAYS;
}

/** Override an invoice's closing and due dates (banks move them around weekends and holidays). */
export function DatesDialog({
  invoice,
  card,
  opened,
  onClose,
}: {
  invoice: Invoice;
  card: CardDays;
  opened: boolean;
  onClose: () => void;
}) {
  const bounds = invoiceDateBounds(card, invoice.month);
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
          const problems: Record<string, string[]> = {};
          const far = [t('dates.tooFar', { days: INVOICE_DATE_MAX_SHIFT_DAYS })];
          if (tooFar(bounds.rule.close_date, close)) problems.close_date = far;
          if (tooFar(bounds.rule.due_date, due)) problems.due_date = far;
          if (!problems.close_date && !problems.due_date && close >= due)
            problems.close_date = [t('dates.closeAfterDue')];
          setErrors(problems);
          if (Object.keys(problems).length > 0) return;
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
          minDate={bounds.close.min}
          maxDate={bounds.close.max}
          error={firstError(errors, 'close_date')}
          // What the closing date means, right under it (issue 23 #13a: it sat under the due date).
          description={t('page.bestDayHint')}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          required
        />
        <LazyDateField
          label={t('dates.due')}
          value={due}
          onChange={setDue}
          minDate={bounds.due.min}
          maxDate={bounds.due.max}
          error={firstError(errors, 'due_date')}
          required
        />
      </ModalForm>
    </FormModal>
  );
}
