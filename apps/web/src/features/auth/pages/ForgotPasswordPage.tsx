import { Alert, Anchor, Button, Stack, TextInput } from '@mantine/core';
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
import { AuthHeader } from '../components/AuthHeader.tsx';
import { FormAlert } from '../components/FormAlert.tsx';

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
        <form onSubmit={form.handleSubmit} noValidate aria-label={t('forgot.title')}>
          <Stack gap="md">
            <FormAlert message={form.formError} />
            <TextInput
              label={t('fields.email')}
              type="email"
              autoComplete="email"
              required
              {...form.getInputProps('email')}
            />
            <Button type="submit" fullWidth size="md" loading={submitting}>
              {t('forgot.submit')}
            </Button>
            <Anchor component={Link} to={paths.auth.login} ta="center" fz="sm">
              {t('forgot.backToLogin')}
            </Anchor>
          </Stack>
        </form>
      )}
    </>
  );
}
