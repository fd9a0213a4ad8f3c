import { Alert, Stack } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../components/ComingSoon.tsx';
import { setAuthState, useAuth } from '../../lib/auth-store.ts';

/** Areas of later issues: a real, translated page inside the layout, not a blank. */
export function MyPlanRoute() {
  const { t } = useTranslation();
  return <ComingSoon area={t('areas.myPlan')} />;
}

/** Where a 'User without a valid Subscription' answer lands (spec §4); checkout arrives with billing. */
export function UpgradeRoute() {
  const { t } = useTranslation();
  const { redirecting } = useAuth();
  useEffect(() => {
    // The redirect is over once the page shows.
    if (redirecting) setAuthState({ redirecting: false });
  }, [redirecting]);
  return (
    <Stack gap="lg">
      <Alert color="yellow" variant="light" title={t('upgrade.title')} maw={640} mx="auto" w="100%">
        {t('upgrade.body')}
      </Alert>
      <ComingSoon area={t('areas.upgrade')} />
    </Stack>
  );
}

export function SocialSignInRoute() {
  const { t } = useTranslation();
  return <ComingSoon area={t('areas.socialSignIn')} />;
}
