import { Alert, Anchor, Group, Text } from '@mantine/core';
import { IconHourglass, IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { paths } from '../../../app/paths.ts';
import { daysLeft } from '../../../lib/pricing.ts';
import { useBillingEnabled, useBillingStatus } from '../api/billing.ts';

/** The two banners: colour and icon; the test id is `${kind}-banner`. */
const KINDS = {
  'read-only': { color: 'orange', Icon: IconLock },
  trial: { color: 'centavo', Icon: IconHourglass },
} as const;

/** Why the banner shows, and a link to the plans page. */
function Banner({ kind, message, link }: { kind: keyof typeof KINDS; message: string; link: string }) {
  const { color, Icon } = KINDS[kind];
  return (
    <Alert
      color={color}
      variant="light"
      mb="md"
      icon={<Icon size={18} aria-hidden="true" />}
      data-testid={`${kind}-banner`}
      role="status"
    >
      <Group gap="xs" justify="space-between" wrap="wrap">
        <Text fz="sm">{message}</Text>
        <Anchor component={Link} to={paths.configs.upgrade} fz="sm" fw={700} c="inherit" underline="always">
          {link}
        </Anchor>
      </Group>
    </Alert>
  );
}

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

  if (data.access === 'read_only')
    return <Banner kind="read-only" message={t('banner.readOnly')} link={t('banner.subscribe')} />;

  if (data.status === 'trialing' && data.plan === null) {
    const days = daysLeft(data.trial_end) ?? 0;
    return (
      <Banner
        kind="trial"
        message={days === 0 ? t('banner.trialToday') : t('banner.trial', { count: days })}
        link={t('banner.choosePlan')}
      />
    );
  }
  return null;
}
