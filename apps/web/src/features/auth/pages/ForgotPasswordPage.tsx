import { Alert, Anchor, Stack } from '@mantine/core';
import { IconMailCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../app/paths.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { rulesResolver } from '../../../lib/form-rules.tsx';
import { useAppForm } from '../../../lib/use-app-form.ts';
import { forgotPassword } from '../api/forgot-password.ts';
import { AuthForm, EmailField } from '../components/AuthForm.tsx';
import { AuthHeader } from '../components/AuthHeader.tsx';

export function ForgotPasswordPage() {
  const { t } = useTranslation('auth');
  const [submitting, setSubmitting] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useAppForm({
    initialValues: { email: '' },
    validate: rulesResolver({ email: 'required|email' }),
    onSubmit: async (values) => {
      setSubmitting(true);
      try {
        await forgotPassword(values);
        setSentTo(values.email);
      } catch (error) {
        form.setServerErrors(isApiError(error) ? error.errors : {}, errorMessage(error));
      } finally {
        setSubmitting(false);
      }
    },
  });

  return (
    <>
      <AuthHeader title={t('forgot.title')} heading={t('forgot.heading')} subtitle={t('forgot.subtitle')} />
      {sentTo ? (
        <Stack gap="md">
          <Alert
            color="green"
            variant="light"
            icon={<IconMailCheck size={18} aria-hidden="true" />}
            role="status"
          >
            {t('forgot.sent', { email: sentTo })}
          </Alert>
          <Anchor component={Link} to={paths.auth.login} ta="center">
            {t('forgot.backToLogin')}
          </Anchor>
        </Stack>
      ) : (
        <AuthForm
          label={t('forgot.title')}
          onSubmit={form.handleSubmit}
          error={form.formError}
          submitLabel={t('forgot.submit')}
          submitting={submitting}
          footer={
            <Anchor component={Link} to={paths.auth.login} ta="center" fz="sm">
              {t('forgot.backToLogin')}
            </Anchor>
          }
        >
          <EmailField {...form.getInputProps('email')} />
        </AuthForm>
      )}
    </>
  );
}
