import type { Account, Bank } from '@centavo/shared';
import { ACCOUNT_TYPES, accountCreateBodySchema } from '@centavo/shared/contracts/accounts';
import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ColorField } from '../../../components/ColorField.tsx';
import { FormModal, ModalForm, NameField } from '../../../components/FormModal.tsx';
import { MoneyInput } from '../../../components/MoneyInput.tsx';
import { reportFormError } from '../../../lib/error-message.ts';
import { zodResolver } from '../../../lib/form-rules.tsx';
import { toastSuccess } from '../../../lib/toasts.ts';
import { useAppForm } from '../../../lib/use-app-form.ts';
import { useMoneyFormat } from '../../../lib/use-money-format.ts';
import { type AccountFormValues, accountBody, accountFormValues } from '../account-form.ts';
import { useCreateAccount } from '../api/create-account.ts';
import { useUpdateAccount } from '../api/update-account.ts';
import { isAccountType } from '../filters.ts';

/** "Nubank (260)": typing either the name or the COMPE code finds the bank. */
export function bankLabel(bank: Bank): string {
  return bank.code ? `${bank.name} (${bank.code})` : bank.name;
}

function AccountForm({
  account,
  banks,
  onDone,
}: {
  account: Account | null;
  banks: readonly Bank[];
  onDone: () => void;
}) {
  const { t } = useTranslation(['ledger', 'common']);
  const { locale, currency } = useMoneyFormat();
  const create = useCreateAccount();
  const update = useUpdateAccount();
  const form = useAppForm<AccountFormValues>({
    initialValues: accountFormValues(account, locale, currency.digits),
    // The name by the contract; the amount and colour are text until accountBody converts them.
    validate: zodResolver(accountCreateBodySchema.pick({ name: true })),
    choices: ['type', 'bank_id'],
    onSubmit: (values) => {
      const result = accountBody(values, currency.digits);
      if (!result.ok) {
        const messages: Record<string, string[]> = {};
        for (const field of result.errors) {
          messages[field] = [
            field === 'initial_balance'
              ? t('accounts.form.invalidAmount')
              : field === 'color'
                ? t('common.invalidColor')
                : t('accounts.form.nameRequired'),
          ];
        }
        form.setServerErrors(messages);
        return;
      }
      const handlers = {
        onSuccess: (saved: Account) => {
          toastSuccess(t(account ? 'accounts.savedToast' : 'accounts.createdToast', { name: saved.name }));
          onDone();
        },
        onError: (error: Error) => {
          reportFormError(form, error);
        },
      };
      if (account) update.mutate({ id: account.id, body: result.body }, handlers);
      else create.mutate(result.body, handlers);
    },
  });
  const bankData = banks.map((bank) => ({ value: String(bank.id), label: bankLabel(bank) }));
  const typeData = ACCOUNT_TYPES.map((type) => ({ value: type, label: t(`accountTypes.${type}`) }));
  const typeProps = form.getInputProps('type');

  return (
    <ModalForm
      onSubmit={form.handleSubmit}
      label={t(account ? 'accounts.form.editTitle' : 'accounts.form.createTitle')}
      error={form.formError}
      submitLabel={t(account ? 'accounts.form.submitEdit' : 'accounts.form.submitCreate')}
      pending={create.isPending || update.isPending}
      onCancel={onDone}
    >
      <NameField
        label={t('accounts.form.name')}
        placeholder={t('accounts.form.namePlaceholder')}
        {...form.getInputProps('name')}
      />
      <Select
        label={t('accounts.bank')}
        placeholder={t('accounts.form.bankPlaceholder')}
        data={bankData}
        searchable
        clearable
        nothingFoundMessage={t('accounts.form.bankNothingFound')}
        limit={50}
        {...form.getInputProps('bank_id')}
      />
      <Select
        label={t('accounts.type')}
        data={typeData}
        allowDeselect={false}
        required
        {...typeProps}
        onChange={(value) => {
          if (isAccountType(value)) typeProps.onChange(value);
        }}
      />
      <MoneyInput
        label={t('accounts.initialBalance')}
        description={t('accounts.initialBalanceHint')}
        {...form.getInputProps('initial_balance')}
      />
      <ColorField label={t('common.color')} {...form.getInputProps('color')} />
    </ModalForm>
  );
}

/** Create or edit an account; full screen on phones so the keyboard never hides the fields. */
export function AccountFormModal({
  opened,
  account,
  banks,
  onClose,
}: {
  opened: boolean;
  account: Account | null;
  banks: readonly Bank[];
  onClose: () => void;
}) {
  const { t } = useTranslation('ledger');
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={t(account ? 'accounts.form.editTitle' : 'accounts.form.createTitle')}
      fullScreenOnPhone
    >
      {/* Keyed by the account, so opening another one starts from its values. */}
      <AccountForm key={account?.id ?? 'new'} account={account} banks={banks} onDone={onClose} />
    </FormModal>
  );
}
