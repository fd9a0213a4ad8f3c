import { Alert, Anchor, Button, PasswordInput, Stack } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../../app/paths.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { rulesResolver } from '../../../lib/form-rules.tsx';
import { useAppForm } from '../../../lib/use-app-form.ts';
import { resetPassword } from '../api/reset-password.ts';
import { AuthHeader } from '../components/AuthHeader.tsx';
import { FormAlert } from '../components/FormAlert.tsx';

export function ResetPasswordPage() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [submitting, setSubmitting] = useState(false);
  const [done, setDone] = useState(false);
  const form = useAppForm({
    initialValues: { password: '', password_confirmation: '' },
    validate: rulesResolver({
      password: 'required|min:8|max:128',
      password_confirmation: 'required|confirmed:password',
    }),
    onSubmit: async (values) => {
      setSubmitting(true);
      try {
        await resetPassword({ token, ...values });
        setDone(true);
      } catch (error) {
        const fieldErrors = isApiError(error) ? error.errors : {};
        // A bad or spent token is the link's fault, not the form's.
        const tokenProblem = isApiError(error) && ('token' in fieldErrors || error.status === 400);
        form.setServerErrors(
          fieldErrors,
          tokenProblem || (isApiError(error) && error.status === 422 && !('password' in fieldErrors))
            ? t('reset.failed')
            : errorMessage(error),
        );
      } finally {
        setSubmitting(false);
      }
    },
  });

  return (
    <>
      <AuthHeader title={t('reset.title')} heading={t('reset.heading')} subtitle={t('reset.subtitle')} />
      {!token ? (
        <Stack gap="md">
          <FormAlert message={t('reset.missingToken')} />
          <Anchor component={Link} to={paths.auth.forgotPassword} ta="center">
            {t('reset.requestNew')}
          </Anchor>
        </Stack>
      ) : done ? (
        <Stack gap="md">
          <Alert
            color="green"
            variant="light"
            icon={<IconCircleCheck size={18} aria-hidden="true" />}
            role="status"
          >
            {t('reset.done')}
          </Alert>
          <Button component={Link} to={paths.auth.login} fullWidth>
            {t('login.submit')}
          </Button>
        </Stack>
      ) : (
        <form onSubmit={form.handleSubmit} noValidate aria-label={t('reset.title')}>
          <Stack gap="md">
            <FormAlert message={form.formError} />
            {form.formError ? (
              <Anchor component={Link} to={paths.auth.forgotPassword} fz="sm">
                {t('reset.requestNew')}
              </Anchor>
            ) : null}
            <PasswordInput
              label={t('fields.newPassword')}
              description={t('fields.passwordHint')}
              autoComplete="new-password"
              required
              {...form.getInputProps('password')}
            />
            <PasswordInput
              label={t('fields.passwordConfirmation')}
              autoComplete="new-password"
              required
              {...form.getInputProps('password_confirmation')}
            />
            <Button type="submit" fullWidth size="md" loading={submitting}>
              {t('reset.submit')}
            </Button>
          </Stack>
        </form>
      )}
    </>
  );
}
