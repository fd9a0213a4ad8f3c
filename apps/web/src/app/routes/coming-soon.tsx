import { Alert, Stack } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../components/ComingSoon.tsx';
import { setAuthState, useAuth } from '../../lib/auth-store.ts';

/** Areas of later issues: a real, translated page inside the layout, not a blank. */
export function BudgetRoute() {
  const { t } = useTranslation();
  return <ComingSoon area={t('areas.budget')} inSentence={t('areasInSentence.budget')} />;
}

export function CardRoute() {
  const { t } = useTranslation();
  return <ComingSoon area={t('areas.card')} inSentence={t('areasInSentence.card')} />;
}

export function DashboardRoute() {
  const { t } = useTranslation();
  return <ComingSoon area={t('areas.dashboard')} inSentence={t('areasInSentence.dashboard')} />;
}

export function MyPlanRoute() {
  const { t } = useTranslation();
  return <ComingSoon area={t('areas.myPlan')} inSentence={t('areasInSentence.myPlan')} />;
}

/** Where a 'User without a valid Subscription' answer lands (spec §4); checkout arrives with billing. */
export function UpgradeRoute() {
  const { t } = useTranslation();
  const { redirecting } = useAuth();
  // Only a 'User without a valid Subscription' answer says the plan has ended; the header's button
  // opens this page too, for a user whose trial runs (issue 13 #15): then nothing is claimed.
  const [ended] = useState(redirecting);
  useEffect(() => {
    // The redirect is over once the page shows.
    if (redirecting) setAuthState({ redirecting: false });
  }, [redirecting]);
  return (
    <Stack gap="lg">
      {ended ? (
        <Alert
          color="yellow"
          variant="light"
          title={t('upgrade.title')}
          maw={640}
          mx="auto"
          w="100%"
          data-testid="plan-ended"
        >
          {t('upgrade.body')}
        </Alert>
      ) : null}
      <ComingSoon area={t('areas.upgrade')} inSentence={t('areasInSentence.upgrade')} />
    </Stack>
  );
}

export function AnalysisRoute() {
  const { t } = useTranslation();
  return <ComingSoon area={t('areas.analysis')} inSentence={t('areasInSentence.analysis')} />;
}

export function ByCategoryRoute() {
  const { t } = useTranslation();
  return <ComingSoon area={t('areas.byCategory')} inSentence={t('areasInSentence.byCategory')} />;
}

export function SocialSignInRoute() {
  const { t } = useTranslation();
  return <ComingSoon area={t('areas.socialSignIn')} inSentence={t('areasInSentence.socialSignIn')} />;
}
