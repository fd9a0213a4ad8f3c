import type { Account, Invoice } from '@centavo/shared';
import { localToday } from '@centavo/shared/dates';
import { parseMoney } from '@centavo/shared/money';
import { Select } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../lib/api-client.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { formatMonthInSentence } from '../../lib/months.ts';
import { usePayInvoice } from '../../lib/queries/cards.ts';
import { toastError, toastSuccess } from '../../lib/toasts.ts';
import { useMoneyFormat } from '../../lib/use-money-format.ts';
import { FormModal, ModalForm } from '../FormModal.tsx';
import { LazyDateField } from '../LazyDateField.tsx';
import { formatCentsForInput, MoneyInput } from '../MoneyInput.tsx';

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
  const title = t('pay.title', { month: formatMonthInSentence(invoice.month, locale) });
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
    <FormModal opened={opened} onClose={onClose} title={title}>
      <ModalForm
        onSubmit={submit}
        label={title}
        submitLabel={t('pay.submit')}
        pending={pay.isPending}
        submitTestId="pay-submit"
      >
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
      </ModalForm>
    </FormModal>
  );
}
