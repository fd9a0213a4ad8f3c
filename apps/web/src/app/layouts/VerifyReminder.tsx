import { Alert } from '@mantine/core';
import { IconMailExclamation } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../lib/auth-store.ts';

/** Above every signed-in page while the address is not verified (issue 13 #7): nothing else said so. */
export function VerifyReminder() {
  const { t } = useTranslation();
  const { user } = useAuth();
  if (!user || user.email_verified_at !== null) return null;
  return (
    <Alert
      color="yellow"
      variant="light"
      icon={<IconMailExclamation size={18} aria-hidden="true" />}
      mb="md"
      py="xs"
      maw={1100}
      mx="auto"
      data-testid="verify-reminder"
      styles={{ message: { fontSize: 'var(--mantine-font-size-sm)', overflowWrap: 'anywhere' } }}
    >
      {t('me.verifyReminder', { email: user.email })}
    </Alert>
  );
}
