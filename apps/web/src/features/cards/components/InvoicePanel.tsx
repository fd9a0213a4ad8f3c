import type { Card } from '@centavo/shared';
import { addMonths } from '@centavo/shared/dates';
import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Menu,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import {
  IconChevronLeft,
  IconChevronRight,
  IconDownload,
  IconFileImport,
  IconPencil,
} from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../app/paths.ts';
import { AmountText } from '../../../components/AmountText.tsx';
import { PayDialog } from '../../../components/invoices/PayDialog.tsx';
import { STATUS_COLORS } from '../../../components/invoices/status.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { formatMonthInSentence } from '../../../lib/months.ts';
import { useAccounts } from '../../../lib/queries/accounts.ts';
import { useCardInvoice } from '../../../lib/queries/cards.ts';
import { toastError } from '../../../lib/toasts.ts';
import { useMoneyFormat } from '../../../lib/use-money-format.ts';
import { exportInvoice } from '../api/export-invoice.ts';
import { formatDate } from '../dates.ts';
import { DatesDialog } from './InvoiceDialogs.tsx';
import { InvoiceEntries } from './InvoiceEntries.tsx';
import { InvoicePayments } from './InvoicePayments.tsx';

function Figure({ label, value, testId }: { label: string; value: number; testId: string }) {
  return (
    <Stack gap={0}>
      <Text fz="xs" c="dimmed">
        {label}
      </Text>
      {/* What an invoice owes is neither income nor expense: plain colour, the sign says a credit. */}
      <AmountText value={value} fw={600} colored={false} data-testid={testId} />
    </Stack>
  );
}

/** One invoice of the card: its month (previous, next), status, dates, figures, actions, entries, payments. */
export function InvoicePanel({
  card,
  month,
  setMonth,
}: {
  card: Card;
  month: string | null;
  setMonth: (m: string) => void;
}) {
  const { t } = useTranslation('cards');
  const { locale } = useMoneyFormat();
  const invoice = useCardInvoice(card.id, month);
  const accounts = useAccounts({ includeArchived: false });
  const [paying, setPaying] = useState(false);
  const [editingDates, setEditingDates] = useState(false);
  const data = invoice.data;
  const shown = data?.month ?? month ?? card.current_invoice.month;
  function download(format: 'csv' | 'xlsx') {
    exportInvoice(card.id, shown, format).catch((error) => toastError(errorMessage(error)));
  }
  return (
    <Paper withBorder radius="lg" p="md">
      <Group justify="space-between" wrap="nowrap" mb="sm">
        <ActionIcon
          variant="default"
          size="lg"
          aria-label={t('page.previousInvoice')}
          onClick={() => setMonth(addMonths(shown, -1))}
          data-testid="invoice-prev"
        >
          <IconChevronLeft size={18} />
        </ActionIcon>
        <Stack gap={2} align="center">
          <Title order={2} fz={{ base: 18, sm: 22 }} data-testid="invoice-month">
            {t('page.invoiceOf', { month: formatMonthInSentence(shown, locale) })}
          </Title>
          {data ? (
            <Badge color={STATUS_COLORS[data.status]} variant="light" data-testid="invoice-status">
              {t(`status.${data.status}`)}
            </Badge>
          ) : null}
        </Stack>
        <ActionIcon
          variant="default"
          size="lg"
          aria-label={t('page.nextInvoice')}
          onClick={() => setMonth(addMonths(shown, 1))}
          data-testid="invoice-next"
        >
          <IconChevronRight size={18} />
        </ActionIcon>
      </Group>
      {!data ? (
        <Skeleton h={160} />
      ) : (
        <Stack gap="md">
          <Group justify="center" gap="md" wrap="wrap">
            <Text fz="sm">{t('page.closes', { date: formatDate(data.close_date, locale) })}</Text>
            <Text fz="sm">{t('page.due', { date: formatDate(data.due_date, locale) })}</Text>
            <Button
              variant="subtle"
              size="compact-sm"
              leftSection={<IconPencil size={14} />}
              onClick={() => setEditingDates(true)}
            >
              {t('page.editDates')}
            </Button>
          </Group>
          <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
            <Figure label={t('page.purchases')} value={data.purchases} testId="invoice-purchases" />
            <Figure label={t('page.refunds')} value={data.refunds} testId="invoice-refunds" />
            <Figure
              label={t('page.previousBalance')}
              value={data.previous_balance}
              testId="invoice-previous"
            />
            <Figure label={t('page.total')} value={data.total} testId="invoice-total" />
            <Figure label={t('page.paid')} value={data.paid_amount} testId="invoice-paid" />
            <Figure label={t('page.outstanding')} value={data.outstanding} testId="invoice-outstanding" />
          </SimpleGrid>
          {data.carried_to_next !== 0 ? (
            <Text fz="sm" c="dimmed">
              {t('page.carried')}: <AmountText value={data.carried_to_next} component="span" fz="sm" />
            </Text>
          ) : null}
          <Group gap="xs" wrap="wrap">
            <Button
              autoContrast
              onClick={() => setPaying(true)}
              disabled={data.total - data.paid_amount <= 0}
              data-testid="invoice-pay"
            >
              {t('page.pay')}
            </Button>
            <Button
              component={Link}
              to={paths.importPage.build({ card_id: card.id })}
              variant="default"
              leftSection={<IconFileImport size={16} aria-hidden />}
              data-testid="card-import"
            >
              {t('page.importBill')}
            </Button>
            <Menu>
              <Menu.Target>
                <Button variant="default" leftSection={<IconDownload size={16} />}>
                  {t('page.export')}
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item onClick={() => download('csv')}>{t('page.exportCsv')}</Menu.Item>
                <Menu.Item onClick={() => download('xlsx')}>{t('page.exportXlsx')}</Menu.Item>
              </Menu.Dropdown>
            </Menu>
          </Group>
          <InvoiceEntries invoice={data} />
          <InvoicePayments invoice={data} />
          {paying ? (
            <PayDialog
              invoice={data}
              accounts={accounts.data?.data ?? []}
              defaultAccountId={card.account_id}
              opened={paying}
              onClose={() => setPaying(false)}
            />
          ) : null}
          {editingDates ? (
            <DatesDialog
              key={data.id}
              invoice={data}
              card={card}
              opened={editingDates}
              onClose={() => setEditingDates(false)}
            />
          ) : null}
        </Stack>
      )}
    </Paper>
  );
}
