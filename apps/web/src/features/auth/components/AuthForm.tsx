import { Anchor, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FormAlert } from './FormAlert.tsx';

/**
 * The form of a visitors' page (sign in, register, forgot, reset): the form-level alert first, the fields,
 * one wide submit button, then what follows it (links, the other ways in).
 */
export function AuthForm({
  label,
  onSubmit,
  error,
  submitLabel,
  submitting,
  children,
  footer,
}: {
  label: string;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  error: string | null;
  submitLabel: string;
  submitting: boolean;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <form onSubmit={onSubmit} noValidate aria-label={label}>
      <Stack gap="md">
        <FormAlert message={error} />
        {children}
        <Button type="submit" fullWidth size="md" loading={submitting}>
          {submitLabel}
        </Button>
        {footer}
      </Stack>
    </form>
  );
}

/**
 * What follows the sign-in and register forms: the way to the other one ("No account yet? Register"), then the
 * other ways in, last, because the provider buttons arrive with their list and must move nothing above them.
 */
export function AuthFormFooter({
  question,
  link,
  to,
  otherWaysIn,
}: {
  question: string;
  link: string;
  to: string;
  otherWaysIn: ReactNode;
}) {
  return (
    <>
      <Text ta="center" fz="sm" c="dimmed">
        {question}{' '}
        <Anchor component={Link} to={to} fw={600} fz="sm">
          {link}
        </Anchor>
      </Text>
      {otherWaysIn}
    </>
  );
}

/** Props an input takes from the form (useAppForm's getInputProps). */
type FieldProps = Record<string, unknown> & { value: string };

/** The e-mail field of the visitors' forms. */
export function EmailField(props: FieldProps) {
  const { t } = useTranslation('auth');
  return <TextInput label={t('fields.email')} type="email" autoComplete="email" required {...props} />;
}

/** A new password and its confirmation (register, reset). */
export function NewPasswordFields({
  label,
  password,
  confirmation,
}: {
  label: string;
  password: FieldProps;
  confirmation: FieldProps;
}) {
  const { t } = useTranslation('auth');
  return (
    <>
      <PasswordInput
        label={label}
        description={t('fields.passwordHint')}
        autoComplete="new-password"
        required
        {...password}
      />
      <PasswordInput
        label={t('fields.passwordConfirmation')}
        autoComplete="new-password"
        required
        {...confirmation}
      />
    </>
  );
}
