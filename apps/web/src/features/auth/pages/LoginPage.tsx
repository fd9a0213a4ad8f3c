import { Anchor, Group, PasswordInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { HOME_PATH, paths } from '../../../app/paths.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { errorMessage, reportFormError } from '../../../lib/error-message.ts';
import { rulesResolver } from '../../../lib/form-rules.tsx';
import { useAppForm } from '../../../lib/use-app-form.ts';
import { login } from '../api/login.ts';
import { AuthForm, AuthFormFooter, EmailField } from '../components/AuthForm.tsx';
import { AuthHeader } from '../components/AuthHeader.tsx';
import { OtherWaysIn, socialError } from '../components/SocialSignIn.tsx';
import { usePasskeySignIn } from '../hooks/use-passkey-sign-in.ts';
import { continueSignIn } from '../sign-in-flow.ts';

function returnPath(state: unknown): string {
  if (typeof state === 'object' && state !== null && 'from' in state && typeof state.from === 'string') {
    return state.from.startsWith('/') && !state.from.startsWith('//') ? state.from : HOME_PATH;
  }
  return HOME_PATH;
}

export function LoginPage() {
  const { t } = useTranslation('auth');
  const location = useLocation();
  const [search] = useSearchParams();
  // A social sign-in or the second step that failed comes back here with ?error=<key> (issue 22).
  const returned = socialError(search);
  const passkey = usePasskeySignIn(returnPath(location.state));
  const [submitting, setSubmitting] = useState(false);
  const form = useAppForm({
    initialValues: { email: '', password: '' },
    validate: rulesResolver({ email: 'required|email', password: 'required' }),
    onSubmit: async (values) => {
      setSubmitting(true);
      try {
        // With 2FA on this goes to the two-factor page first.
        await continueSignIn(await login(values), returnPath(location.state));
      } catch (error) {
        // One message (issue 13 #5): wrong credentials are the form's alert alone, not also a field error
        // and a toast; a malformed field is said under the field.
        if (isApiError(error) && error.code === 'INVALID_CREDENTIALS') {
          form.setServerErrors({}, errorMessage(error, 'auth:login.failed'));
        } else {
          reportFormError(form, error, { fallbackKey: 'auth:login.failed', alert: true });
        }
      } finally {
        setSubmitting(false);
      }
    },
  });

  return (
    <>
      <AuthHeader title={t('login.title')} heading={t('login.heading')} subtitle={t('login.subtitle')} />
      <AuthForm
        label={t('login.title')}
        onSubmit={form.handleSubmit}
        error={form.formError ?? passkey.error ?? (returned ? t(`social.errors.${returned}`) : null)}
        submitLabel={t('login.submit')}
        submitting={submitting}
        footer={
          <AuthFormFooter
            question={t('login.noAccount')}
            link={t('login.toRegister')}
            to={paths.auth.register}
            otherWaysIn={<OtherWaysIn onPasskey={passkey.start} passkeyBusy={passkey.busy} />}
          />
        }
      >
        <EmailField {...form.getInputProps('email')} />
        <PasswordInput
          label={t('fields.password')}
          autoComplete="current-password"
          required
          {...form.getInputProps('password')}
        />
        <Group justify="flex-end" mt={-6}>
          <Anchor component={Link} to={paths.auth.forgotPassword} fz="sm">
            {t('login.forgot')}
          </Anchor>
        </Group>
      </AuthForm>
    </>
  );
}
