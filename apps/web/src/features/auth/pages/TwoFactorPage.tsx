import { Anchor, Button, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { HOME_PATH, paths } from '../../../app/paths.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { rule, setServerErrors } from '../../../lib/form-rules.tsx';
import { navigate } from '../../../lib/navigation.ts';
import { loginSecondFactor } from '../api/sign-in-methods.ts';
import { AuthHeader } from '../components/AuthHeader.tsx';
import { FormAlert } from '../components/FormAlert.tsx';
import { clearPendingMfa, getPendingMfa } from '../mfa-pending.ts';
import { completeSignIn } from '../session.ts';

/**
 * /auth/two-factor: the second step of a sign-in with 2FA on (DESIGN.md §5), with the code of the
 * authenticator app or, instead, a recovery code. A missing or expired sign-in goes back to the login page
 * with its message; a wrong code is said under the field.
 */
export function TwoFactorPage() {
  const { t } = useTranslation('auth');
  const [pending] = useState(getPendingMfa);
  const [recovery, setRecovery] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm({
    mode: 'controlled',
    initialValues: { code: '', recovery_code: '' },
    validateInputOnBlur: true,
    validate: {
      code: (value, values) =>
        recovery ? null : rule('code', 'required|digits:6')(value.replace(/\s+/g, ''), values),
      recovery_code: (value, values) =>
        recovery ? rule('recovery_code', 'required|max:40')(value, values) : null,
    },
  });

  useEffect(() => {
    if (!pending) navigate(`${paths.auth.login}?error=mfaExpired`, { replace: true });
  }, [pending]);

  const submit = form.onSubmit(async (values) => {
    if (!pending) return;
    setFormError(null);
    try {
      const tokens = await loginSecondFactor(
        recovery
          ? { mfa_token: pending.token, recovery_code: values.recovery_code }
          : { mfa_token: pending.token, code: values.code.replace(/\s+/g, '') },
      );
      clearPendingMfa();
      await completeSignIn(tokens);
      navigate(pending.next || HOME_PATH, { replace: true });
    } catch (error) {
      if (isApiError(error) && error.key === 'mfaTokenInvalid') {
        clearPendingMfa();
        navigate(`${paths.auth.login}?error=mfaExpired`, { replace: true });
      } else if (isApiError(error) && error.status === 422) {
        form.setErrors({ [recovery ? 'recovery_code' : 'code']: t('twoFactor.failed') });
      } else if (!setServerErrors(form, error)) {
        setFormError(errorMessage(error, 'auth:login.failed'));
      }
    }
  });

  const toggle = () => {
    setRecovery((on) => !on);
    form.clearErrors();
  };

  return (
    <>
      <AuthHeader
        title={t('twoFactor.title')}
        heading={t('twoFactor.heading')}
        subtitle={t(recovery ? 'twoFactor.recoverySubtitle' : 'twoFactor.subtitle')}
      />
      <form onSubmit={submit} noValidate aria-label={t('twoFactor.title')}>
        <Stack gap="md">
          <FormAlert message={formError} />
          {recovery ? (
            <TextInput
              key="recovery"
              label={t('twoFactor.recoveryCode')}
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              required
              data-autofocus
              {...form.getInputProps('recovery_code')}
            />
          ) : (
            <TextInput
              key="code"
              label={t('twoFactor.code')}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={8}
              required
              data-autofocus
              {...form.getInputProps('code')}
            />
          )}
          <Button type="submit" fullWidth size="md" loading={form.submitting}>
            {t('twoFactor.submit')}
          </Button>
          <Anchor component="button" type="button" fz="sm" onClick={toggle}>
            {t(recovery ? 'twoFactor.useCode' : 'twoFactor.useRecovery')}
          </Anchor>
          <Anchor component={Link} to={paths.auth.login} fz="sm" ta="center">
            {t('twoFactor.back')}
          </Anchor>
        </Stack>
      </form>
    </>
  );
}
