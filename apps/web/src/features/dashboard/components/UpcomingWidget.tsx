import { addMonths, localMonth, localToday, OPERATIONS } from '@centavo/shared';
import { Anchor, Badge, Skeleton, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
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

/**
 * One item due (an invoice or an entry): its date, with "Overdue" beside it (red, and said in words too) when
 * it fell due before today, then the cells the item brings.
 */
function DueRow({
  kind,
  date,
  today,
  locale,
  children,
}: {
  kind: 'invoice' | 'entry';
  date: string;
  today: string;
  locale: string;
  children: ReactNode;
}) {
  const { t } = useTranslation('reports');
  const overdue = date < today;
  return (
    <Table.Tr data-testid={`dash-upcoming-${kind}`} data-date={date} data-overdue={overdue || undefined}>
      <Table.Td c={overdue ? 'red.8' : 'dimmed'} style={{ whiteSpace: 'nowrap' }}>
        {formatDay(locale, date)}
        {overdue ? (
          <Badge color="red" variant="light" size="xs" ml={6}>
            {t('dashboard.overdue')}
          </Badge>
        ) : null}
      </Table.Td>
      {children}
    </Table.Tr>
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
                  <DueRow
                    key={`invoice-${item.invoice.id}`}
                    kind="invoice"
                    date={item.date}
                    today={today}
                    locale={locale}
                  >
                    <Table.Td>
                      <Anchor component={Link} to={paths.card.build(item.invoice.card_id)} fz="sm">
                        {t('dashboard.invoiceDue', { card: cardName.get(item.invoice.card_id) })}
                      </Anchor>
                    </Table.Td>
                    <Table.Td ta="right">
                      <AmountText value={-item.invoice.outstanding} />
                    </Table.Td>
                  </DueRow>
                ) : (
                  <DueRow key={item.entry.id} kind="entry" date={item.date} today={today} locale={locale}>
                    <Table.Td>{item.entry.description}</Table.Td>
                    <Table.Td ta="right">
                      <AmountText value={item.entry.value} operation={item.entry.operation_id} />
                    </Table.Td>
                  </DueRow>
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
