import { SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { BalanceWidget } from '../components/BalanceWidget.tsx';
import { BudgetsWidget } from '../components/BudgetsWidget.tsx';
import { CardsWidget } from '../components/CardsWidget.tsx';
import { Last12Widget } from '../components/Last12Widget.tsx';
import { MonthWidget } from '../components/MonthWidget.tsx';
import { SpendingWidget } from '../components/SpendingWidget.tsx';
import { UpcomingWidget } from '../components/UpcomingWidget.tsx';

/**
 * /dashboard (DESIGN.md §4 "Dashboard"): every figure links to the list that sums it. Each widget reads
 * its own figures (the query cache shares what two of them read).
 */
export function DashboardPage() {
  const { t } = useTranslation('reports');
  return (
    <Stack gap="md">
      <PageHeader title={t('dashboard.title')} subtitle={t('dashboard.subtitle')} />
      <Text fz="sm" c="dimmed" data-testid="basis-note">
        {t('basis.shown', { basis: t('basis.accrualLower') })}
      </Text>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <BalanceWidget />
        <MonthWidget />
        <SpendingWidget />
        <BudgetsWidget />
        <CardsWidget />
        <UpcomingWidget />
      </SimpleGrid>
      <Last12Widget />
    </Stack>
  );
}
