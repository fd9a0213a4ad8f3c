import type { EntryBalance, EntryTotals } from '@centavo/shared';
import { Paper, SimpleGrid, Skeleton, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AmountText } from '../../../components/AmountText.tsx';
import classes from './entries.module.css';

interface Figure {
  key: 'income' | 'expense' | 'result' | 'balance' | 'predicted';
  value: number;
  operation?: number;
  showPlus?: boolean;
  hint?: string;
}

/**
 * The month's figures: income, expenses, result, balance at the end of the month (paid entries) and the
 * predicted balance (everything). Two columns at 320 px, five from 1024 px.
 */
export function TotalsBar({
  balance,
  monthLabel,
  loading,
  filtered,
}: {
  balance: EntryBalance | undefined;
  monthLabel: string;
  loading: boolean;
  /** Set while a filter is set: the filtered entries' totals, over every month for a search. */
  filtered?: { totals: EntryTotals | undefined; allMonths: boolean } | undefined;
}) {
  const { t } = useTranslation('entries');
  const sums = filtered?.totals;
  const figures: Figure[] = filtered
    ? sums
      ? [
          { key: 'income', value: sums.income, operation: 1, showPlus: true },
          { key: 'expense', value: sums.expense + sums.investment, operation: 2 },
          { key: 'result', value: sums.result, showPlus: true },
        ]
      : []
    : balance
      ? [
          { key: 'income', value: balance.income, operation: 1, showPlus: true },
          // Cash basis (DESIGN.md "Two bases"): the card invoices due in the month are what left the accounts
          // for the card purchases, so they count with the expenses and the result adds up.
          {
            key: 'expense',
            value: balance.expense + balance.investment + (balance.invoices ?? 0),
            operation: 2,
          },
          { key: 'result', value: balance.result, showPlus: true },
          { key: 'balance', value: balance.closing_balance, hint: t('totals.balanceHint') },
          { key: 'predicted', value: balance.predicted_balance, hint: t('totals.predictedHint') },
        ]
      : [];
  return (
    <section aria-label={t('totals.label', { month: monthLabel })} data-testid="totals-bar">
      {filtered && sums ? (
        <Text fz="sm" c="dimmed" mb={6} data-testid="totals-filtered">
          {filtered.allMonths
            ? t('totals.filteredAll', { count: sums.count })
            : t('totals.filteredMonth', { count: sums.count, month: monthLabel })}
        </Text>
      ) : null}
      <SimpleGrid cols={{ base: 2, md: 3, lg: filtered ? 3 : 5 }} spacing={{ base: 8, sm: 'sm' }}>
        {loading && !(filtered ? sums : balance)
          ? Array.from({ length: filtered ? 3 : 5 }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
              <Skeleton key={i} h={68} radius="lg" />
            ))
          : figures.map((figure) => (
              <Paper
                key={figure.key}
                withBorder
                radius="lg"
                px={{ base: 'sm', sm: 'md' }}
                py="sm"
                data-testid={`total-${figure.key}`}
                className={
                  figure.key === 'predicted' ? `${classes.totalCard} ${classes.lastTotal}` : classes.totalCard
                }
              >
                <Tooltip label={figure.hint} disabled={!figure.hint} withArrow>
                  <Text fz="xs" fw={600} c="dimmed" tt="uppercase" lts="0.04em" lineClamp={1}>
                    {t(`totals.${figure.key}`)}
                  </Text>
                </Tooltip>
                <AmountText
                  value={figure.value}
                  operation={figure.operation}
                  showPlus={figure.showPlus}
                  fw={700}
                  className={classes.totalValue}
                  display="block"
                  data-testid={`total-${figure.key}-value`}
                  data-cents={figure.value}
                />
                {figure.hint ? <VisuallyHidden>{figure.hint}</VisuallyHidden> : null}
              </Paper>
            ))}
      </SimpleGrid>
    </section>
  );
}
