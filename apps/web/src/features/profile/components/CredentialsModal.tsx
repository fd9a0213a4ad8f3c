import { PasswordInput, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal, ModalForm } from '../../../components/FormModal.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { rule, setServerErrors } from '../../../lib/form-rules.tsx';

export interface CredentialValues {
  password: string;
  code: string;
  name: string;
}

/**
 * The dialog every change of a sign-in method goes through: the password again (left out for an account
 * without one: its recent sign-in stands in), and where asked, a code of the authenticator app or a recovery
 * code, or a name. The caller's `onSubmit` throws the API's error; a 422 lands under its field.
 */
export function CredentialsModal({
  opened,
  onClose,
  title,
  hasPassword,
  ask,
  submitLabel,
  danger,
  children,
  onSubmit,
}: {
  opened: boolean;
  onClose: () => void;
  title: string;
  hasPassword: boolean;
  ask: { code?: boolean; name?: string };
  submitLabel: string;
  danger?: boolean;
  children?: ReactNode;
  onSubmit: (values: { password?: string; code?: string; name?: string }) => Promise<unknown>;
}) {
  const { t } = useTranslation(['settings', 'common']);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<CredentialValues>({
    mode: 'controlled',
    initialValues: { password: '', code: '', name: ask.name ?? '' },
    validateInputOnBlur: true,
    validate: {
      password: (value, values) => (hasPassword ? rule('password', 'required')(value, values) : null),
      code: (value, values) => (ask.code ? rule('code', 'required|max:40')(value, values) : null),
      name: (value, values) =>
        ask.name !== undefined ? rule('name', 'required|max:60')(value, values) : null,
    },
  });
  const close = () => {
    form.reset();
    setFormError(null);
    onClose();
  };
  const submit = form.onSubmit(async (values) => {
    setFormError(null);
    try {
      await onSubmit({
        ...(hasPassword ? { password: values.password } : {}),
        ...(ask.code ? { code: values.code.trim() } : {}),
        ...(ask.name !== undefined ? { name: values.name.trim() } : {}),
      });
      form.reset();
    } catch (error) {
      if (!setServerErrors(form, error)) setFormError(errorMessage(error));
    }
  });
  return (
    <FormModal opened={opened} onClose={close} title={title}>
      <ModalForm
        onSubmit={submit}
        error={formError}
        submitLabel={submitLabel}
        submitColor={danger ? 'red' : undefined}
        pending={form.submitting}
        onCancel={close}
      >
        {children}
        {ask.name !== undefined ? (
          <TextInput
            label={t('signIn.passkeyName')}
            description={t('signIn.passkeyNameHint')}
            required
            data-autofocus
            {...form.getInputProps('name')}
          />
        ) : null}
        {hasPassword ? (
          <PasswordInput
            label={t('signIn.password')}
            description={t('signIn.passwordToContinue')}
            autoComplete="current-password"
            required
            data-autofocus={ask.name === undefined ? true : undefined}
            {...form.getInputProps('password')}
          />
        ) : null}
        {ask.code ? (
          <TextInput
            label={t('twoFactor.codeOrRecovery')}
            autoComplete="one-time-code"
            spellCheck={false}
            required
            {...form.getInputProps('code')}
          />
        ) : null}
      </ModalForm>
    </FormModal>
  );
}
