import type { Account, Invoice } from '@centavo/shared';
import { localToday } from '@centavo/shared/dates';
import { parseMoney } from '@centavo/shared/money';
import { Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LazyDateField } from '../../../components/LazyDateField.tsx';
import { formatCentsForInput, MoneyInput } from '../../../components/MoneyInput.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { formatMonthInSentence } from '../../../lib/months.ts';
import { toastError, toastSuccess } from '../../../lib/toasts.ts';
import { useMoneyFormat } from '../../../lib/use-money-format.ts';
import { useInvoiceDates, usePayInvoice } from '../api/cards.ts';

function firstError(errors: Record<string, string[]> | undefined, field: string): string | undefined {
  return errors?.[field]?.[0];
}

/** Pay an invoice in full or in part, from an account, on a date. */
export function PayDialog({
  invoice,
  accounts,
  defaultAccountId,
  opened,
  onClose,
}: {
  invoice: Pick<Invoice, 'id' | 'month' | 'total' | 'paid_amount'>;
  accounts: readonly Account[];
  defaultAccountId: number | null;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation(['cards', 'common']);
  const { locale, currency, format } = useMoneyFormat();
  const owed = invoice.total - invoice.paid_amount;
  const [accountId, setAccountId] = useState<string | null>(
    defaultAccountId ? String(defaultAccountId) : null,
  );
  const [date, setDate] = useState(localToday());
  const [value, setValue] = useState(formatCentsForInput(Math.max(owed, 0), locale, currency.digits));
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const pay = usePayInvoice();
  function submit(event: React.FormEvent) {
    event.preventDefault();
    const cents = parseMoney(value, currency.digits);
    pay.mutate(
      {
        id: invoice.id,
        body: {
          paid: true,
          account_id: accountId ? Number(accountId) : null,
          date,
          ...(cents !== null && cents > 0 ? { value: cents } : {}),
        },
      },
      {
        onSuccess: () => {
          toastSuccess(t('toasts.paid'));
          onClose();
        },
        onError: (error) => {
          setErrors(isApiError(error) ? (error.errors ?? {}) : {});
          toastError(errorMessage(error));
        },
      },
    );
  }
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      closeButtonProps={{ 'aria-label': t('common:actions.close') }}
      title={t('pay.title', { month: formatMonthInSentence(invoice.month, locale) })}
      centered
    >
      <form
        onSubmit={submit}
        noValidate
        aria-label={t('pay.title', { month: formatMonthInSentence(invoice.month, locale) })}
      >
        <Stack gap="md">
          <Select
            label={t('pay.account')}
            placeholder={t('form.choose')}
            data={accounts.map((a) => ({ value: String(a.id), label: a.name }))}
            value={accountId}
            onChange={setAccountId}
            required
            comboboxProps={{ zIndex: 400 }}
            error={firstError(errors, 'account_id')}
            data-testid="pay-account"
          />
          <LazyDateField
            label={t('pay.date')}
            value={date}
            onChange={setDate}
            required
            error={firstError(errors, 'date')}
          />
          <MoneyInput
            label={t('pay.value')}
            description={t('pay.valueHint', { amount: format(owed) })}
            value={value}
            onChange={setValue}
            error={firstError(errors, 'value')}
            data-testid="pay-value"
          />
          <Group justify="flex-end">
            <Button autoContrast type="submit" loading={pay.isPending} data-testid="pay-submit">
              {t('pay.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
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
    <Modal
      opened={opened}
      onClose={onClose}
      closeButtonProps={{ 'aria-label': t('common:actions.close') }}
      title={title}
      centered
    >
      <form
        aria-label={title}
        noValidate
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
        <Stack gap="md">
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
          <Group justify="flex-end">
            <Button autoContrast type="submit" loading={save.isPending}>
              {t('dates.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
