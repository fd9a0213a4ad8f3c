import type { Account, Bank } from '@centavo/shared';
import { ACCOUNT_TYPES } from '@centavo/shared/contracts/accounts';
import { Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { ColorField } from '../../../components/ColorField.tsx';
import { MoneyInput } from '../../../components/MoneyInput.tsx';
import { reportFormError } from '../../../lib/error-message.ts';
import { useForm } from '../../../lib/form.ts';
import { toastSuccess } from '../../../lib/toasts.ts';
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
  onCancel,
}: {
  account: Account | null;
  banks: readonly Bank[];
  onDone: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation(['ledger', 'common']);
  const { locale, currency } = useMoneyFormat();
  const create = useCreateAccount();
  const update = useUpdateAccount();
  const form = useForm<AccountFormValues>({
    initialValues: accountFormValues(account, locale, currency.digits),
    rules: { name: 'required|max:100' },
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
  const typeProps = form.getChoiceProps('type');
  const pending = create.isPending || update.isPending;

  return (
    <form
      onSubmit={form.handleSubmit}
      noValidate
      aria-label={t(account ? 'accounts.form.editTitle' : 'accounts.form.createTitle')}
    >
      <Stack gap="md">
        <TextInput
          label={t('accounts.form.name')}
          placeholder={t('accounts.form.namePlaceholder')}
          required
          maxLength={100}
          autoComplete="off"
          data-autofocus
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
          {...form.getChoiceProps('bank_id')}
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
        <ColorField
          label={t('common.color')}
          value={form.values.color}
          onChange={(color) => form.setFieldValue('color', color)}
          error={form.getInputProps('color').error}
        />
        {form.formError ? (
          <Text c="red" fz="sm" role="alert">
            {form.formError}
          </Text>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            {t('common.cancel')}
          </Button>
          <Button autoContrast type="submit" loading={pending}>
            {t(account ? 'accounts.form.submitEdit' : 'accounts.form.submitCreate')}
          </Button>
        </Group>
      </Stack>
    </form>
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
  const small = useMediaQuery('(max-width: 40em)');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      closeButtonProps={{ 'aria-label': t('common:actions.close') }}
      title={t(account ? 'accounts.form.editTitle' : 'accounts.form.createTitle')}
      fullScreen={small}
      centered
      size="md"
    >
      {/* Keyed by the account, so opening another one starts from its values. */}
      <AccountForm
        key={account?.id ?? 'new'}
        account={account}
        banks={banks}
        onDone={onClose}
        onCancel={onClose}
      />
    </Modal>
  );
}
