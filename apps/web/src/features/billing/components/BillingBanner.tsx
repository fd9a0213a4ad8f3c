import { Alert, Anchor, Group, Text } from '@mantine/core';
import { IconHourglass, IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { paths } from '../../../app/paths.ts';
import { daysLeft } from '../../../lib/pricing.ts';
import { useBillingEnabled, useBillingStatus } from '../api/billing.ts';

/**
 * Above every signed-in page (spec §4, DESIGN §6): the trial's days left with a link to the plans, or why the
 * account is read-only with a link to subscribe. Nothing on a self-hosted instance or on the upgrade page.
 */
export function BillingBanner() {
  const { t } = useTranslation('billing');
  const location = useLocation();
  // Self-hosted instances (billing off) make no billing request from the layout at all.
  const info = useBillingStatus(useBillingEnabled());
  const data = info.data;
  if (!data?.billing || location.pathname === paths.configs.upgrade) return null;

  if (data.access === 'read_only') {
    return (
      <Alert
        color="orange"
        variant="light"
        mb="md"
        icon={<IconLock size={18} aria-hidden="true" />}
        data-testid="read-only-banner"
        role="status"
      >
        <Group gap="xs" justify="space-between" wrap="wrap">
          <Text fz="sm">{t('banner.readOnly')}</Text>
          <Anchor component={Link} to={paths.configs.upgrade} fz="sm" fw={700} c="inherit" underline="always">
            {t('banner.subscribe')}
          </Anchor>
        </Group>
      </Alert>
    );
  }

  if (data.status === 'trialing' && data.plan === null) {
    const days = daysLeft(data.trial_end) ?? 0;
    return (
      <Alert
        color="centavo"
        variant="light"
        mb="md"
        icon={<IconHourglass size={18} aria-hidden="true" />}
        data-testid="trial-banner"
        role="status"
      >
        <Group gap="xs" justify="space-between" wrap="wrap">
          <Text fz="sm">{days === 0 ? t('banner.trialToday') : t('banner.trial', { count: days })}</Text>
          <Anchor component={Link} to={paths.configs.upgrade} fz="sm" fw={700} c="inherit" underline="always">
            {t('banner.choosePlan')}
          </Anchor>
        </Group>
      </Alert>
    );
  }
  return null;
}
