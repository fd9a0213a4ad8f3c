import { TRIAL_DAYS } from '@centavo/shared/constants';
import { TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../app/paths.ts';
import { reportFormError } from '../../../lib/error-message.ts';
import { rulesResolver } from '../../../lib/form-rules.tsx';
import { currentLocale } from '../../../lib/i18n.ts';
import { languageIdFromLocale } from '../../../lib/locale.ts';
import { navigate } from '../../../lib/navigation.ts';
import { useBillingEnabled } from '../../../lib/queries/config.ts';
import { getPublicConfig } from '../../../lib/queries/public-config.ts';
import { useAppForm } from '../../../lib/use-app-form.ts';
import { register } from '../api/register.ts';
import { AuthForm, AuthFormFooter, EmailField, NewPasswordFields } from '../components/AuthForm.tsx';
import { AuthHeader } from '../components/AuthHeader.tsx';
import { OtherWaysIn } from '../components/SocialSignIn.tsx';
import { completeSignIn } from '../session.ts';

export function RegisterPage() {
  const { t } = useTranslation('auth');
  const billing = useBillingEnabled();
  const [submitting, setSubmitting] = useState(false);
  const form = useAppForm({
    initialValues: { name: '', email: '', password: '', password_confirmation: '' },
    validate: rulesResolver({
      name: 'required|max:120',
      email: 'required|email|max:254',
      password: 'required|min:8|max:128',
      password_confirmation: 'required|confirmed:password',
    }),
    onSubmit: async (values) => {
      setSubmitting(true);
      try {
        // The browser's time zone decides the user's "today" on the server (DESIGN.md §4).
        const token = await register({
          ...values,
          language_id: languageIdFromLocale(currentLocale()),
          time_zone: Intl.DateTimeFormat().resolvedOptions().timeZone,
        });
        await completeSignIn(token);
        // After registration the browser goes to the external thank-you page when one is configured (spec §2).
        const thankYou = token.redirect_url ?? (await getPublicConfig()).register_thank_you_url;
        if (thankYou) navigate(thankYou, { external: true, replace: true });
        else navigate(paths.welcome, { replace: true });
      } catch (error) {
        reportFormError(form, error, { fallbackKey: 'auth:register.failed', alert: true });
      } finally {
        setSubmitting(false);
      }
    },
  });

  return (
    <>
      <AuthHeader
        title={t('register.title')}
        heading={t('register.heading')}
        subtitle={billing ? t('register.subtitle', { days: TRIAL_DAYS }) : t('register.subtitleFree')}
      />
      <AuthForm
        label={t('register.title')}
        onSubmit={form.handleSubmit}
        error={form.formError}
        submitLabel={t('register.submit')}
        submitting={submitting}
        footer={
          <AuthFormFooter
            question={t('register.haveAccount')}
            link={t('register.toLogin')}
            to={paths.auth.login}
            otherWaysIn={<OtherWaysIn />}
          />
        }
      >
        <TextInput label={t('fields.name')} autoComplete="name" required {...form.getInputProps('name')} />
        <EmailField {...form.getInputProps('email')} />
        <NewPasswordFields
          label={t('fields.password')}
          password={form.getInputProps('password')}
          confirmation={form.getInputProps('password_confirmation')}
        />
      </AuthForm>
    </>
  );
}
