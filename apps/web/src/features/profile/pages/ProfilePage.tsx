import { Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../app/paths.ts';
import { FormModal, ModalForm } from '../../../components/FormModal.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { Section } from '../../../components/Section.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { clearAuth, useAuth } from '../../../lib/auth-store.ts';
import { errorMessage, reportFormError } from '../../../lib/error-message.ts';
import { rulesResolver } from '../../../lib/form-rules.tsx';
import { navigate } from '../../../lib/navigation.ts';
import { toastSuccess } from '../../../lib/toasts.ts';
import { useAppForm } from '../../../lib/use-app-form.ts';
import { useChangePassword } from '../api/change-password.ts';
import { useDeleteUser } from '../api/delete-user.ts';
import { useTwoFactorStatus } from '../api/sign-in-methods.ts';
import { useUpdateUser } from '../api/update-user.ts';
import { SetPasswordSection } from '../components/SetPasswordSection.tsx';
import { SignInMethodsSection } from '../components/SignInMethodsSection.tsx';
import { TwoFactorSection } from '../components/TwoFactorSection.tsx';

function DetailsForm() {
  const { t } = useTranslation('settings');
  const { user } = useAuth();
  const update = useUpdateUser();
  const form = useAppForm({
    initialValues: { name: user?.name ?? '', email: user?.email ?? '' },
    validate: rulesResolver({ name: 'required|max:120', email: 'required|email|max:254' }),
    onSubmit: (values) =>
      update.mutate(values, {
        onSuccess: () => toastSuccess(t('profile.saved')),
        onError: (error) => {
          reportFormError(form, error);
        },
      }),
  });
  return (
    <Section id="details" title={t('profile.details')} description={t('profile.emailChangeHint')}>
      <form onSubmit={form.handleSubmit} noValidate aria-label={t('profile.details')}>
        <Stack gap="md" maw={480}>
          <TextInput label={t('profile.name')} autoComplete="name" required {...form.getInputProps('name')} />
          <TextInput
            label={t('profile.email')}
            type="email"
            autoComplete="email"
            required
            {...form.getInputProps('email')}
          />
          <Group>
            <Button type="submit" loading={update.isPending}>
              {t('profile.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Section>
  );
}

function PasswordForm() {
  const { t } = useTranslation('settings');
  const change = useChangePassword();
  const form = useAppForm({
    initialValues: { current_password: '', password: '', password_confirmation: '' },
    validate: rulesResolver({
      current_password: 'required',
      password: 'required|min:8|max:128',
      password_confirmation: 'required|confirmed:password',
    }),
    onSubmit: (values) =>
      change.mutate(values, {
        onSuccess: () => {
          toastSuccess(t('profile.passwordChanged'));
          form.resetAll();
        },
        onError: (error) => {
          reportFormError(form, error);
        },
      }),
  });
  return (
    <Section id="password" title={t('profile.password')} description={t('profile.passwordHint')}>
      <form onSubmit={form.handleSubmit} noValidate aria-label={t('profile.password')}>
        <Stack gap="md" maw={480}>
          <PasswordInput
            label={t('profile.currentPassword')}
            autoComplete="current-password"
            required
            {...form.getInputProps('current_password')}
          />
          <PasswordInput
            label={t('profile.newPassword')}
            autoComplete="new-password"
            required
            {...form.getInputProps('password')}
          />
          <PasswordInput
            label={t('profile.confirmPassword')}
            autoComplete="new-password"
            required
            {...form.getInputProps('password_confirmation')}
          />
          <Group>
            <Button type="submit" loading={change.isPending}>
              {t('profile.changePassword')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Section>
  );
}

function DeleteAccount() {
  const { t } = useTranslation(['settings', 'common']);
  const [opened, { open, close }] = useDisclosure(false);
  const remove = useDeleteUser();
  const form = useAppForm({
    initialValues: { password: '' },
    validate: rulesResolver({ password: 'required' }),
    onSubmit: (values) =>
      remove.mutate(values, {
        onSuccess: () => {
          close();
          clearAuth();
          toastSuccess(t('profile.deleted'));
          navigate(paths.landing, { replace: true });
        },
        onError: (error) => form.setServerErrors(isApiError(error) ? error.errors : {}, errorMessage(error)),
      }),
  });
  return (
    <Section id="danger" title={t('profile.danger')} description={t('profile.dangerHint')} tone="danger">
      <Group>
        <Button color="red" variant="light" onClick={open}>
          {t('profile.deleteButton')}
        </Button>
      </Group>
      <FormModal opened={opened} onClose={close} title={t('profile.deleteTitle')}>
        <ModalForm
          onSubmit={form.handleSubmit}
          error={form.formError}
          submitLabel={t('profile.deleteConfirm')}
          submitColor="red"
          pending={remove.isPending}
          onCancel={close}
        >
          <Text fz="sm">{t('profile.deleteBody')}</Text>
          <PasswordInput
            label={t('profile.currentPassword')}
            autoComplete="current-password"
            required
            data-autofocus
            {...form.getInputProps('password')}
          />
        </ModalForm>
      </FormModal>
    </Section>
  );
}

export function ProfilePage() {
  const { t } = useTranslation('settings');
  // An account made through a provider has no password to change: it can set one by e-mail (issue 22).
  const hasPassword = useTwoFactorStatus().data?.has_password ?? true;
  return (
    <Stack maw={760} gap="lg">
      <PageHeader title={t('profile.title')} subtitle={t('profile.subtitle')} />
      <DetailsForm />
      {hasPassword ? <PasswordForm /> : <SetPasswordSection />}
      <SignInMethodsSection />
      <TwoFactorSection />
      <DeleteAccount />
    </Stack>
  );
}
