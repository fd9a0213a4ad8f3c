import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Section } from '../../../components/Section.tsx';
import { wrappingButton } from '../../../components/wrapping-button.ts';
import { useAuth } from '../../../lib/auth-store.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { toastError, toastSuccess } from '../../../lib/toasts.ts';
import { useSendPasswordLink } from '../api/sign-in-methods.ts';

/** In place of "change password" for an account made through a provider: the reset link sets the first one. */
export function SetPasswordSection() {
  const { t } = useTranslation('settings');
  const { user } = useAuth();
  const send = useSendPasswordLink();
  const email = user?.email ?? '';
  return (
    <Section id="password" title={t('profile.password')} description={t('signIn.noPassword')}>
      <Group>
        <Button
          variant="default"
          styles={wrappingButton}
          loading={send.isPending}
          onClick={() =>
            send.mutate(email, {
              onSuccess: () => toastSuccess(t('signIn.setPasswordSent', { email })),
              onError: (error) => toastError(errorMessage(error)),
            })
          }
        >
          {t('signIn.setPassword')}
        </Button>
      </Group>
    </Section>
  );
}
