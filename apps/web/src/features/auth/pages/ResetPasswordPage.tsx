import { Alert, Anchor, Button, Stack } from '@mantine/core';
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
import { AuthForm, NewPasswordFields } from '../components/AuthForm.tsx';
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
        <AuthForm
          label={t('reset.title')}
          onSubmit={form.handleSubmit}
          error={form.formError}
          submitLabel={t('reset.submit')}
          submitting={submitting}
        >
          {form.formError ? (
            <Anchor component={Link} to={paths.auth.forgotPassword} fz="sm">
              {t('reset.requestNew')}
            </Anchor>
          ) : null}
          <NewPasswordFields
            label={t('fields.newPassword')}
            password={form.getInputProps('password')}
            confirmation={form.getInputProps('password_confirmation')}
          />
        </AuthForm>
      )}
    </>
  );
}
