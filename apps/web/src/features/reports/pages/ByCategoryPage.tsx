import { Anchor, Box, Button, Select, Skeleton, Stack, Table, Text } from '@mantine/core';
import { IconChevronDown, IconChevronUp } from '@tabler/icons-react';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AmountText } from '../../../components/AmountText.tsx';
import { ColorDot } from '../../../components/ColorDot.tsx';
import { BarsChart, DonutChartLazy } from '../../../components/charts/LazyChart.tsx';
import { Widget } from '../../../components/charts/Widget.tsx';
import { DrillAmount } from '../../../components/DrillAmount.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { drillDownHref } from '../../../lib/drill-down.ts';
import { formatMonthShort } from '../../../lib/months.ts';
import { useReport } from '../../../lib/queries/figures.ts';
import { useMoneyFormat } from '../../../lib/use-money-format.ts';
import { ReportControls, useReportParams } from '../components/ReportControls.tsx';
import { SubcategoryRows } from '../components/SubcategoryRows.tsx';

/** /reports/by-category: spending by category and subcategory, its monthly trend; every figure drills down. */
export function ByCategoryPage() {
  const { t } = useTranslation('reports');
  const { format, locale } = useMoneyFormat();
  const params = useReportParams();
  const report = useReport('expense', params);
  const [open, setOpen] = useState<Set<number>>(new Set());
  const [trendOf, setTrendOf] = useState<string | null>(null);
  const data = report.data;
  const range = data ? { start_month: data.start, end_month: data.end, basis: params.basis } : undefined;
  const trendCategory = data?.data.find((c) => String(c.category_id) === trendOf) ?? data?.data[0];
  const toggle = (id: number) =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <Stack gap="md">
      <PageHeader title={t('byCategory.title')} subtitle={t('byCategory.subtitle')} />
      <ReportControls />
      {!data || !range ? (
        <Skeleton h={300} radius="lg" />
      ) : data.data.length === 0 ? (
        <Text c="dimmed">{t('byCategory.empty')}</Text>
      ) : (
        <>
          <Widget id="by-category" title={t('byCategory.donut')}>
            <Stack gap="md">
              <Box mx="auto">
                <DonutChartLazy
                  label={t('common.chartLabel', { title: t('byCategory.donut') })}
                  format={format}
                  size={200}
                  data={data.data.map((c) => ({ name: c.name, value: c.total, color: c.color ?? 'gray.6' }))}
                />
              </Box>
              <Table.ScrollContainer minWidth={300}>
                <Table data-testid="category-rows">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('common.category')}</Table.Th>
                      <Table.Th ta="right">{t('common.total')}</Table.Th>
                      <Table.Th ta="right">{t('common.share')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {data.data.map((c) => (
                      <Fragment key={c.category_id ?? 0}>
                        <Table.Tr data-testid={`category-row-${c.category_id ?? 'uncategorised'}`}>
                          <Table.Td>
                            <Button
                              variant="subtle"
                              color="gray"
                              size="compact-sm"
                              px={4}
                              onClick={() => toggle(c.category_id ?? 0)}
                              aria-expanded={open.has(c.category_id ?? 0)}
                              aria-label={t(
                                open.has(c.category_id ?? 0)
                                  ? 'budget.hideSubcategories'
                                  : 'budget.showSubcategories',
                                { name: c.name },
                              )}
                              leftSection={
                                open.has(c.category_id ?? 0) ? (
                                  <IconChevronUp size={14} aria-hidden />
                                ) : (
                                  <IconChevronDown size={14} aria-hidden />
                                )
                              }
                            >
                              <ColorDot color={c.color ?? 'var(--mantine-color-gray-6)'} size={10} mr={6} />
                              {c.name}
                            </Button>
                          </Table.Td>
                          <Table.Td ta="right">
                            <DrillAmount
                              drill={{ ...range, category_id: c.category_id }}
                              value={c.total}
                              aria-label={`${format(c.total)}: ${t('common.seeEntries', { name: c.name })}`}
                              data-testid="category-total"
                            />
                          </Table.Td>
                          <Table.Td ta="right" c="dimmed">
                            {c.share.toLocaleString(locale)}%
                          </Table.Td>
                        </Table.Tr>
                        {open.has(c.category_id ?? 0) ? (
                          <SubcategoryRows category={c} params={params} range={range} />
                        ) : null}
                      </Fragment>
                    ))}
                  </Table.Tbody>
                  <Table.Tfoot>
                    <Table.Tr>
                      <Table.Th>{t('common.total')}</Table.Th>
                      <Table.Th ta="right">
                        <AmountText value={data.total} colored={false} />
                      </Table.Th>
                      <Table.Th />
                    </Table.Tr>
                  </Table.Tfoot>
                </Table>
              </Table.ScrollContainer>
            </Stack>
          </Widget>
          {trendCategory ? (
            <Widget id="category-trend" title={t('byCategory.trend', { name: trendCategory.name })}>
              <Select
                label={t('byCategory.pickTrend')}
                data={data.data.map((c) => ({ value: String(c.category_id), label: c.name }))}
                value={String(trendCategory.category_id)}
                onChange={setTrendOf}
                allowDeselect={false}
                maw={280}
              />
              <BarsChart
                label={t('common.chartLabel', { title: t('byCategory.trend', { name: trendCategory.name }) })}
                data={data.months.map((m, i) => ({
                  month: `${formatMonthShort(m, locale)} ${m.slice(2, 4)}`,
                  value: trendCategory.months[i] ?? 0,
                }))}
                dataKey="month"
                format={format}
                series={[{ name: 'value', label: trendCategory.name, color: 'orange.8' }]}
              />
              <Table.ScrollContainer minWidth={300}>
                <Table striped>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('common.month')}</Table.Th>
                      <Table.Th ta="right">{trendCategory.name}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {data.months.map((m, i) => (
                      <Table.Tr key={m}>
                        <Table.Td>
                          {formatMonthShort(m, locale)} {m.slice(0, 4)}
                        </Table.Td>
                        <Table.Td ta="right">
                          <Anchor
                            component={Link}
                            to={drillDownHref({
                              month: m,
                              category_id: trendCategory.category_id,
                              basis: params.basis,
                            })}
                          >
                            <AmountText value={trendCategory.months[i] ?? 0} colored={false} />
                          </Anchor>
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            </Widget>
          ) : null}
        </>
      )}
    </Stack>
  );
}
