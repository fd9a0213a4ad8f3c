import { addMonths, localMonth, localToday, OPERATIONS } from '@centavo/shared';
import { Anchor, Badge, Skeleton, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../app/paths.ts';
import { AmountText } from '../../../components/AmountText.tsx';
import { Widget } from '../../../components/charts/Widget.tsx';
import { drillDownHref } from '../../../lib/drill-down.ts';
import { useCards, useInvoicesDue } from '../../../lib/queries/cards.ts';
import { useMoneyFormat } from '../../../lib/use-money-format.ts';
import { useUpcoming } from '../api/get-upcoming.ts';
import { formatDay, plusDays } from '../days.ts';
import { dueSoon } from '../due-soon.ts';

/** "Overdue" beside the date of an item that fell due before today (red, and said in words too). */
function OverdueMark() {
  const { t } = useTranslation('reports');
  return (
    <Badge color="red" variant="light" size="xs" ml={6}>
      {t('dashboard.overdue')}
    </Badge>
  );
}

/**
 * What falls due in the next 30 days: unpaid entries and card invoices, in date order; what fell due before
 * today and is still unpaid comes first, in red (DESIGN.md §4: the dashboard lists overdue items first).
 */
export function UpcomingWidget() {
  const { t } = useTranslation('reports');
  const { locale } = useMoneyFormat();
  const month = localMonth();
  const today = localToday();
  const upcoming = useUpcoming(today, plusDays(today, 30));
  const late = useUpcoming(plusDays(today, -60), plusDays(today, -1));
  const duePrevious = useInvoicesDue(addMonths(month, -1));
  const cards = useCards();
  const cardName = new Map((cards.data?.data ?? []).filter((c) => !c.archived).map((c) => [c.id, c.name]));
  // Invoices are due like bills: those of last month, this month and the next (the 30 days span two months
  // at most) that still owe something, overdue ones included.
  const dueThis = useInvoicesDue(month);
  const dueNext = useInvoicesDue(addMonths(month, 1));
  const dueInvoices = [
    ...(duePrevious.data?.data ?? []),
    ...(dueThis.data?.data ?? []),
    ...(dueNext.data?.data ?? []),
  ].filter((i) => i.outstanding > 0 && i.due_date <= plusDays(today, 30) && cardName.has(i.card_id));
  // Overdue entries: expenses left unpaid (an income not received yet is no debt).
  const lateEntries = (late.data?.data ?? []).filter(
    (e) => e.operation_id === OPERATIONS.expense && e.date < today,
  );
  const dueEntries = [...lateEntries, ...(upcoming.data?.data ?? [])];
  return (
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
        dueEntries.length === 0 && dueInvoices.length === 0 ? (
          <Text c="dimmed" fz="sm">
            {t('dashboard.noUpcoming')}
          </Text>
        ) : (
          <Table>
            <Table.Tbody data-testid="dash-upcoming">
              {dueSoon(dueInvoices, dueEntries).map((item) =>
                item.kind === 'invoice' ? (
                  <Table.Tr
                    key={`invoice-${item.invoice.id}`}
                    data-testid="dash-upcoming-invoice"
                    data-date={item.date}
                    data-overdue={item.date < today || undefined}
                  >
                    <Table.Td c={item.date < today ? 'red.8' : 'dimmed'} style={{ whiteSpace: 'nowrap' }}>
                      {formatDay(locale, item.date)}
                      {item.date < today ? <OverdueMark /> : null}
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
                  <Table.Tr
                    key={item.entry.id}
                    data-testid="dash-upcoming-entry"
                    data-date={item.date}
                    data-overdue={item.date < today || undefined}
                  >
                    <Table.Td c={item.date < today ? 'red.8' : 'dimmed'} style={{ whiteSpace: 'nowrap' }}>
                      {formatDay(locale, item.date)}
                      {item.date < today ? <OverdueMark /> : null}
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
  );
}
