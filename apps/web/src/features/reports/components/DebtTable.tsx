import type { DebtReport } from '@centavo/shared';
import { Anchor, Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AmountText } from '../../../components/AmountText.tsx';
import { DrillAmount } from '../../../components/DrillAmount.tsx';
import { drillDownHref } from '../../../lib/drill-down.ts';

/**
 * "Dívidas a vencer" (issue 23 #11): per payment month, what the card invoices owe — card installments are
 * inside them, so there is no separate column that read R$ 0,00 beside a 10× purchase — and, only when some
 * account purchase is in installments (a "carnê"), those installments and the month's total. The hint above
 * says what counts (docs/decisions/first-month.md).
 */
export function DebtTable({ debt, monthName }: { debt: DebtReport; monthName: (month: string) => string }) {
  const { t } = useTranslation('reports');
  const accountInstallments = debt.data.some((d) => d.installments !== 0);
  return (
    // Scrolls inside its box on a phone: four columns of amounts made the page 384 px wide and cut the total
    // to "R$ 511,8" (issue 23 #2).
    <Table.ScrollContainer minWidth={accountInstallments ? 420 : 240}>
      <Table data-testid="debt-rows">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('common.month')}</Table.Th>
            <Table.Th ta="right">{t('analysis.invoices')}</Table.Th>
            {accountInstallments ? (
              <>
                <Table.Th ta="right">{t('analysis.installments')}</Table.Th>
                <Table.Th ta="right">{t('common.total')}</Table.Th>
              </>
            ) : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {debt.data.map((d) => (
            <Table.Tr key={d.month}>
              <Table.Td>{monthName(d.month)}</Table.Td>
              <Table.Td ta="right">
                {/* The month's list shows each invoice due in it as a line. */}
                <Anchor component={Link} to={drillDownHref({ month: d.month })}>
                  <AmountText value={d.invoices} colored={false} />
                </Anchor>
              </Table.Td>
              {accountInstallments ? (
                <>
                  <Table.Td ta="right">
                    {/* The entries list without a basis holds account entries only: what this column sums. */}
                    <DrillAmount
                      drill={{ month: d.month, operation_id: 2, paid: false }}
                      value={d.installments}
                    />
                  </Table.Td>
                  <Table.Td ta="right">
                    <AmountText value={d.total} colored={false} fw={600} />
                  </Table.Td>
                </>
              ) : null}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
