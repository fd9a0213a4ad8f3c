import { addMonths, localMonth, localToday, OPERATIONS } from '@centavo/shared';
import { Anchor, Box, Group, SimpleGrid, Skeleton, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../app/paths.ts';
import { AmountText } from '../../../components/AmountText.tsx';
import { BarsChart, DonutChartLazy, LinesChart } from '../../../components/charts/LazyChart.tsx';
import { Widget } from '../../../components/charts/Widget.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { drillDownHref } from '../../../lib/drill-down.ts';
import { formatMonthLong, formatMonthShort } from '../../../lib/months.ts';
import { useAccounts } from '../../../lib/queries/accounts.ts';
import { useCards, useInvoicesDue } from '../../../lib/queries/cards.ts';
import { useBudgetDashboard, useCategoryDashboard, useReport } from '../../../lib/queries/figures.ts';
import { useMoneyFormat } from '../../../lib/use-money-format.ts';
import { useUpcoming } from '../api/get-upcoming.ts';
import { dueSoon } from '../due-soon.ts';

function plusDays(iso: string, days: number): string {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** /dashboard (DESIGN.md §4 "Dashboard"): every figure links to the list that sums it. */
export function DashboardPage() {
  const { t } = useTranslation('reports');
  const { format, locale } = useMoneyFormat();
  const month = localMonth();
  const today = localToday();
  const accounts = useAccounts({});
  const analysis = useReport('analysis', { range: '12m', basis: 'accrual' });
  const categories = useCategoryDashboard(month, 'accrual');
  const budgets = useBudgetDashboard(month);
  const upcoming = useUpcoming(today, plusDays(today, 30));
  const cards = useCards();
  const activeCards = (cards.data?.data ?? []).filter((c) => !c.archived);
  // Invoices are due like bills: those of this month and the next (the 30 days span two months at most)
  // that fall due from today on and still owe something.
  const dueThis = useInvoicesDue(month);
  const dueNext = useInvoicesDue(addMonths(month, 1));
  const cardName = new Map(activeCards.map((c) => [c.id, c.name]));
  const dueInvoices = [...(dueThis.data?.data ?? []), ...(dueNext.data?.data ?? [])].filter(
    (i) =>
      i.outstanding > 0 &&
      i.due_date >= today &&
      i.due_date <= plusDays(today, 30) &&
      cardName.has(i.card_id),
  );
  const formatDay = (iso: string) =>
    new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(
      new Date(`${iso}T00:00:00Z`),
    );
  const monthLabel = formatMonthLong(month, locale);
  const current = analysis.data?.data.at(-1);
  const totalBalance = (accounts.data?.data ?? []).reduce((s, a) => s + a.balance, 0);
  const bars = (analysis.data?.data ?? []).map((m) => ({
    month: formatMonthShort(m.month, locale),
    income: m.income,
    expense: m.expense,
    cumulative: m.cumulative,
  }));
  const basisNote = t('basis.shown', { basis: t('basis.accrualLower') });

  return (
    <Stack gap="md">
      <PageHeader title={t('dashboard.title')} subtitle={t('dashboard.subtitle')} />
      <Text fz="sm" c="dimmed" data-testid="basis-note">
        {basisNote}
      </Text>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Widget id="dash-balance" title={t('dashboard.balance')}>
          {accounts.data ? (
            <Stack gap="xs">
              <Anchor component={Link} to={paths.accountList} fz={26} fw={700}>
                <AmountText value={totalBalance} data-testid="dash-total-balance" />
              </Anchor>
              <Table>
                <Table.Tbody>
                  {accounts.data.data.map((a) => (
                    <Table.Tr key={a.id}>
                      <Table.Td>{a.name}</Table.Td>
                      <Table.Td ta="right">
                        <AmountText value={a.balance} />
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Stack>
          ) : (
            <Skeleton h={80} />
          )}
        </Widget>
        <Widget id="dash-month" title={monthLabel}>
          {current ? (
            <SimpleGrid cols={3} spacing="xs">
              {(
                [
                  ['income', OPERATIONS.income, current.income],
                  ['expense', OPERATIONS.expense, current.expense],
                ] as const
              ).map(([key, op, value]) => (
                <Stack gap={0} key={key}>
                  <Text fz="xs" c="dimmed">
                    {t(`dashboard.${key}`)}
                  </Text>
                  <Anchor
                    component={Link}
                    to={drillDownHref({ month, operation_id: op, basis: 'accrual' })}
                    fw={700}
                    data-testid={`dash-${key}`}
                  >
                    <AmountText value={value} operation={op} />
                  </Anchor>
                </Stack>
              ))}
              <Stack gap={0}>
                <Text fz="xs" c="dimmed">
                  {t('dashboard.result')}
                </Text>
                <Anchor component={Link} to={drillDownHref({ month, basis: 'accrual' })} fw={700}>
                  <AmountText value={current.result} data-testid="dash-result" />
                </Anchor>
              </Stack>
            </SimpleGrid>
          ) : (
            <Skeleton h={60} />
          )}
        </Widget>
        <Widget id="dash-spending" title={t('dashboard.spending')}>
          {categories.data ? (
            categories.data.data.length === 0 ? (
              <Text c="dimmed">{t('dashboard.noSpending')}</Text>
            ) : (
              <Group align="flex-start" wrap="wrap" gap="md">
                <Box mx="auto">
                  <DonutChartLazy
                    label={t('common.chartLabel', { title: t('dashboard.spending') })}
                    format={format}
                    data={categories.data.data.map((c) => ({
                      name: c.name,
                      value: c.value,
                      color: c.color ?? 'gray.6',
                    }))}
                  />
                </Box>
                <Table style={{ flex: 1, minWidth: 200 }}>
                  <Table.Tbody>
                    {categories.data.data.map((c) => (
                      <Table.Tr key={c.category_id ?? 0}>
                        <Table.Td>{c.name}</Table.Td>
                        <Table.Td ta="right">
                          <Anchor
                            component={Link}
                            to={drillDownHref({ month, category_id: c.category_id, basis: 'accrual' })}
                          >
                            <AmountText value={c.value} colored={false} />
                          </Anchor>
                        </Table.Td>
                        <Table.Td ta="right" c="dimmed">
                          {c.share.toLocaleString(locale)}%
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Group>
            )
          ) : (
            <Skeleton h={120} />
          )}
        </Widget>
        <Widget
          id="dash-budgets"
          title={t('dashboard.budgets')}
          action={
            <Anchor component={Link} to={`${paths.budget}?month=${month}`} fz="sm">
              {t('dashboard.openBudget')}
            </Anchor>
          }
        >
          {budgets.data ? (
            <Stack gap="xs">
              <Group gap="lg">
                <Stack gap={0}>
                  <Text fz="xs" c="dimmed">
                    {t('budget.planned')}
                  </Text>
                  <AmountText value={budgets.data.summary.planned} colored={false} fw={700} />
                </Stack>
                <Stack gap={0}>
                  <Text fz="xs" c="dimmed">
                    {t('budget.spent')}
                  </Text>
                  <Anchor
                    component={Link}
                    to={drillDownHref({ month, operation_id: 2, basis: 'accrual' })}
                    fw={700}
                  >
                    <AmountText value={budgets.data.summary.spent} colored={false} />
                  </Anchor>
                </Stack>
                <Stack gap={0}>
                  <Text fz="xs" c="dimmed">
                    {t('budget.available')}
                  </Text>
                  <AmountText value={budgets.data.summary.available} fw={700} />
                </Stack>
              </Group>
              <Text fz="sm" fw={600}>
                {t('dashboard.budgetsNearOver')}
              </Text>
              {budgets.data.categories.length === 0 ? (
                <Text c="dimmed" fz="sm">
                  {t('dashboard.noBudgetAlerts')}
                </Text>
              ) : (
                <Stack
                  gap={4}
                  component="ul"
                  p={0}
                  m={0}
                  style={{ listStyle: 'none' }}
                  data-testid="dash-budget-alerts"
                >
                  {budgets.data.categories.map((c) => (
                    <Group
                      key={c.category_id ?? 0}
                      component="li"
                      justify="space-between"
                      wrap="nowrap"
                      data-band={c.band}
                    >
                      <Text fz="sm">{c.name}</Text>
                      <Anchor
                        component={Link}
                        to={drillDownHref({ month, category_id: c.category_id, basis: 'accrual' })}
                        fz="sm"
                        // Over is an alarm (red), near a heads-up (text colour), never the brand's green.
                        c={c.band === 'over' ? 'var(--mantine-color-error)' : 'var(--mantine-color-text)'}
                        fw={c.band === 'over' ? 600 : undefined}
                        underline="always"
                      >
                        {t(c.band === 'over' ? 'budget.bandOver' : 'budget.bandNear')} ·{' '}
                        {(c.percent ?? 0).toLocaleString(locale)}%
                      </Anchor>
                    </Group>
                  ))}
                </Stack>
              )}
            </Stack>
          ) : (
            <Skeleton h={80} />
          )}
        </Widget>
        <Widget id="dash-cards" title={t('dashboard.cards')}>
          {cards.data ? (
            activeCards.length === 0 ? (
              <Text c="dimmed" fz="sm" data-testid="dash-cards-empty">
                {t('dashboard.cardsEmpty')}
              </Text>
            ) : (
              <Stack
                gap="sm"
                component="ul"
                p={0}
                m={0}
                style={{ listStyle: 'none' }}
                data-testid="dash-cards"
              >
                {activeCards.map((c) => (
                  <Stack key={c.id} gap={2} component="li" aria-label={c.name}>
                    <Anchor
                      component={Link}
                      to={paths.card.build(c.id)}
                      fz="sm"
                      fw={600}
                      style={{ overflowWrap: 'anywhere' }}
                    >
                      {c.name}
                    </Anchor>
                    <Group gap="xs" justify="space-between" wrap="wrap">
                      <Text fz="xs" c="dimmed">
                        {t('dashboard.cardInvoice')} · {formatDay(c.current_invoice.due_date)}
                      </Text>
                      <AmountText value={c.current_invoice.total} colored={false} fz="sm" />
                    </Group>
                    <Group gap="xs" justify="space-between" wrap="wrap">
                      <Text fz="xs" c="dimmed">
                        {t('dashboard.cardAvailable')}
                      </Text>
                      <AmountText value={c.available_limit} colored={false} fz="sm" />
                    </Group>
                  </Stack>
                ))}
              </Stack>
            )
          ) : (
            <Skeleton h={80} />
          )}
        </Widget>
        <Widget
          id="dash-upcoming"
          title={t('dashboard.upcoming')}
          action={
            <Anchor component={Link} to={drillDownHref({ month, paid: false })} fz="sm">
              {t('dashboard.seeAll')}
            </Anchor>
          }
        >
          {upcoming.data ? (
            upcoming.data.data.length === 0 && dueInvoices.length === 0 ? (
              <Text c="dimmed" fz="sm">
                {t('dashboard.noUpcoming')}
              </Text>
            ) : (
              <Table>
                <Table.Tbody data-testid="dash-upcoming">
                  {dueSoon(dueInvoices, upcoming.data.data).map((item) =>
                    item.kind === 'invoice' ? (
                      <Table.Tr
                        key={`invoice-${item.invoice.id}`}
                        data-testid="dash-upcoming-invoice"
                        data-date={item.date}
                      >
                        <Table.Td c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                          {formatDay(item.date)}
                        </Table.Td>
                        <Table.Td>
                          <Anchor component={Link} to={paths.card.build(item.invoice.card_id)} fz="sm">
                            {t('dashboard.invoiceDue', { card: cardName.get(item.invoice.card_id) })}
                          </Anchor>
                        </Table.Td>
                        <Table.Td ta="right">
                          <AmountText value={-item.invoice.outstanding} />
                        </Table.Td>
                      </Table.Tr>
                    ) : (
                      <Table.Tr key={item.entry.id} data-testid="dash-upcoming-entry" data-date={item.date}>
                        <Table.Td c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                          {formatDay(item.date)}
                        </Table.Td>
                        <Table.Td>{item.entry.description}</Table.Td>
                        <Table.Td ta="right">
                          <AmountText value={item.entry.value} operation={item.entry.operation_id} />
                        </Table.Td>
                      </Table.Tr>
                    ),
                  )}
                </Table.Tbody>
              </Table>
            )
          ) : (
            <Skeleton h={80} />
          )}
        </Widget>
      </SimpleGrid>
      <Widget id="dash-last12" title={t('dashboard.last12')}>
        {analysis.data ? (
          <Stack>
            <BarsChart
              label={t('common.chartLabel', { title: t('dashboard.last12') })}
              data={bars}
              dataKey="month"
              format={format}
              series={[
                { name: 'income', label: t('common.income'), color: 'teal.7' },
                { name: 'expense', label: t('common.expense'), color: 'red.7' },
              ]}
            />
            <LinesChart
              label={t('common.chartLabel', { title: t('dashboard.balanceTrend') })}
              data={bars}
              dataKey="month"
              format={format}
              series={[{ name: 'cumulative', label: t('common.cumulative'), color: 'blue.7' }]}
            />
            <Table.ScrollContainer minWidth={420}>
              <Table striped>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('common.month')}</Table.Th>
                    <Table.Th ta="right">{t('common.income')}</Table.Th>
                    <Table.Th ta="right">{t('common.expense')}</Table.Th>
                    <Table.Th ta="right">{t('common.cumulative')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {analysis.data.data.map((m) => (
                    <Table.Tr key={m.month}>
                      <Table.Td>
                        {formatMonthShort(m.month, locale)} {m.month.slice(0, 4)}
                      </Table.Td>
                      <Table.Td ta="right">
                        <Anchor
                          component={Link}
                          to={drillDownHref({ month: m.month, operation_id: 1, basis: 'accrual' })}
                        >
                          <AmountText value={m.income} colored={false} />
                        </Anchor>
                      </Table.Td>
                      <Table.Td ta="right">
                        <Anchor
                          component={Link}
                          to={drillDownHref({ month: m.month, operation_id: 2, basis: 'accrual' })}
                        >
                          <AmountText value={m.expense} colored={false} />
                        </Anchor>
                      </Table.Td>
                      <Table.Td ta="right">
                        <AmountText value={m.cumulative} />
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Stack>
        ) : (
          <Skeleton h={260} />
        )}
      </Widget>
    </Stack>
  );
}
