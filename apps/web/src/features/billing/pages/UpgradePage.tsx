import type { Plan, PlanPrice } from '@centavo/shared';
import { Alert, Badge, Button, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { setAuthState, useAuth } from '../../../lib/auth-store.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { useLocale } from '../../../lib/i18n.ts';
import { intlLocale } from '../../../lib/locale.ts';
import { navigate } from '../../../lib/navigation.ts';
import { daysLeft, formatPrice, yearlySaving } from '../../../lib/pricing.ts';
import { queryKeys } from '../../../lib/queries/keys.ts';
import { usePrices } from '../../../lib/queries/prices.ts';
import { toastError } from '../../../lib/toasts.ts';
import { useBillingStatus, useCheckout } from '../api/billing.ts';

function PlanCard({ price, prices, locale }: { price: PlanPrice; prices: PlanPrice[]; locale: string }) {
  const { t } = useTranslation('billing');
  const checkout = useCheckout();
  const saving = price.plan === 'yearly' ? yearlySaving(prices) : null;
  const amount = formatPrice(price.amount, price.currency, locale);
  const subscribe = (plan: Plan) =>
    checkout.mutate(plan, {
      // Stripe Checkout is another origin: allowed explicitly (spec §2 refuses external URLs by default).
      onSuccess: ({ url }) => navigate(url, { external: true }),
      onError: (error) => toastError(errorMessage(error)),
    });
  return (
    <Paper
      withBorder
      radius="lg"
      p="xl"
      shadow={price.plan === 'yearly' ? 'md' : undefined}
      component="section"
      aria-labelledby={`plan-${price.plan}`}
      data-testid={`plan-${price.plan}`}
    >
      <Stack gap="sm" h="100%">
        <Group justify="space-between">
          <Title order={2} fz="xl" id={`plan-${price.plan}`}>
            {t(`plan.${price.plan}`)}
          </Title>
          {saving ? (
            <Badge variant="light" color="centavo">
              {t('upgrade.saves', {
                amount: formatPrice(saving.amount, price.currency, locale),
                percent: saving.percent,
              })}
            </Badge>
          ) : null}
        </Group>
        <Text fz={28} fw={700} data-testid={`price-${price.plan}`}>
          {price.interval === 'year'
            ? t('upgrade.perYear', { price: amount })
            : t('upgrade.perMonth', { price: amount })}
        </Text>
        {price.interval === 'year' ? (
          <Text c="dimmed" fz="sm">
            {t('upgrade.yearlyEquivalent', {
              price: formatPrice(Math.round(price.amount / 12), price.currency, locale),
            })}
          </Text>
        ) : (
          <Text c="dimmed" fz="sm">
            {t('upgrade.subtitle')}
          </Text>
        )}
        <Button
          mt="auto"
          fullWidth
          variant={price.plan === 'yearly' ? 'filled' : 'light'}
          loading={checkout.isPending}
          onClick={() => subscribe(price.plan)}
          data-testid={`subscribe-${price.plan}`}
        >
          {t('upgrade.subscribe')} · {t(`plan.${price.plan}`)}
        </Button>
      </Stack>
    </Paper>
  );
}

/** /configs/my-plan/upgrade: the two plans with Stripe's prices; where a read-only answer lands (spec §4). */
export function UpgradePage() {
  const { t } = useTranslation('billing');
  const locale = intlLocale(useLocale());
  const { redirecting } = useAuth();
  const queryClient = useQueryClient();
  const prices = usePrices();
  const info = useBillingStatus();

  useEffect(() => {
    // The redirect is over once the page shows; the access that caused it is re-read.
    if (redirecting) {
      setAuthState({ redirecting: false });
      void queryClient.invalidateQueries({ queryKey: queryKeys.billing.all });
    }
  }, [redirecting, queryClient]);

  const data = info.data;
  const trialDays = data?.status === 'trialing' && data.plan === null ? daysLeft(data.trial_end) : null;
  const selfHosted = data?.billing === false || (prices.isSuccess && prices.data.length === 0);

  return (
    <Stack gap="lg" maw={880} mx="auto" w="100%">
      <PageHeader title={t('upgrade.title')} subtitle={t('upgrade.subtitle')} />
      {selfHosted ? (
        <Alert color="blue" variant="light" data-testid="self-hosted">
          {t('plan.selfHosted')}
        </Alert>
      ) : null}
      {data?.access === 'read_only' ? (
        <Alert color="orange" variant="light" icon={<IconLock size={18} aria-hidden="true" />}>
          {t('upgrade.readOnly')}
        </Alert>
      ) : null}
      {trialDays !== null && trialDays > 0 ? (
        <Alert color="centavo" variant="light" data-testid="trial-left">
          {t('upgrade.trialLeft', { count: trialDays })}
        </Alert>
      ) : null}
      {prices.isError ? <Alert color="red">{t('upgrade.pricesUnavailable')}</Alert> : null}
      {prices.isPending ? (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          <Skeleton h={220} radius="lg" />
          <Skeleton h={220} radius="lg" />
        </SimpleGrid>
      ) : null}
      {prices.data && prices.data.length > 0 ? (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          {prices.data.map((price) => (
            <PlanCard key={price.plan} price={price} prices={prices.data} locale={locale} />
          ))}
        </SimpleGrid>
      ) : null}
      {selfHosted ? null : (
        <Text c="dimmed" fz="sm" ta="center">
          {t('upgrade.secure')}
        </Text>
      )}
    </Stack>
  );
}
