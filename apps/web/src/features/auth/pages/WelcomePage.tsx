import { TRIAL_DAYS } from '@centavo/shared/constants';
import { Button, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconConfetti } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { HOME_PATH, paths } from '../../../app/paths.ts';
import { useAuth } from '../../../lib/auth-store.ts';
import { useBillingEnabled } from '../../../lib/queries/config.ts';
import { AuthHeader } from '../components/AuthHeader.tsx';

/** Internal thank-you page after registration, when no external REGISTER_THANK_YOU_URL is configured. */
export function WelcomePage() {
  const { t } = useTranslation('auth');
  const billing = useBillingEnabled();
  const { user, isAuthenticated } = useAuth();
  if (!isAuthenticated || !user) return <Navigate to={paths.auth.login} replace />;
  return (
    <Stack gap="md">
      <ThemeIcon size={56} radius={56} variant="light">
        <IconConfetti size={30} stroke={1.5} aria-hidden="true" />
      </ThemeIcon>
      <AuthHeader
        title={t('welcome.title')}
        heading={t('welcome.heading', { name: user.name })}
        subtitle={
          billing
            ? t('welcome.body', { days: TRIAL_DAYS, email: user.email })
            : t('welcome.bodyFree', { email: user.email })
        }
      />
      <Text>{t('welcome.next')}</Text>
      {/* The label wraps on a narrow phone rather than being cut ("Começar pelos lançamentos"). */}
      <Button
        component={Link}
        to={HOME_PATH}
        size="md"
        fullWidth
        h="auto"
        mih={42}
        py={8}
        styles={{ label: { whiteSpace: 'normal', textAlign: 'center' } }}
      >
        {t('welcome.start')}
      </Button>
    </Stack>
  );
}
