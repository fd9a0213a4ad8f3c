import type { Card, Entry, Invoice } from '@centavo/shared';
import { addMonths } from '@centavo/shared/dates';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Group,
  Menu,
  Modal,
  Paper,
  Progress,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import {
  IconArrowDown,
  IconArrowUp,
  IconChevronLeft,
  IconChevronRight,
  IconDownload,
  IconFileImport,
  IconPencil,
} from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { paths } from '../../../app/paths.ts';
import { AmountText } from '../../../components/AmountText.tsx';
import { PayDialog } from '../../../components/invoices/PayDialog.tsx';
import { STATUS_COLORS } from '../../../components/invoices/status.ts';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { formatMonthInSentence } from '../../../lib/months.ts';
import { useAccounts } from '../../../lib/queries/accounts.ts';
import { useCardInvoice, useCards } from '../../../lib/queries/cards.ts';
import { toastError, toastSuccess } from '../../../lib/toasts.ts';
import { useMoneyFormat } from '../../../lib/use-money-format.ts';
import { useDeleteCard, useMoveEntry, useUpdateCard } from '../api/cards.ts';
import { exportInvoice } from '../api/export-invoice.ts';
import { CardFormModal } from '../components/CardFormModal.tsx';
import { DatesDialog } from '../components/InvoiceDialogs.tsx';
import { InvoicePayments } from '../components/InvoicePayments.tsx';

function formatDate(date: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );
}

/** Used and available limit, as a bar. */
function LimitBar({ card }: { card: Card }) {
  const { t } = useTranslation('cards');
  const { format } = useMoneyFormat();
  const used = card.limit - card.available_limit;
  const percent = card.limit > 0 ? Math.min(100, Math.max(0, (used / card.limit) * 100)) : 0;
  return (
    <Paper withBorder radius="lg" p="md">
      <Group justify="space-between" mb={6} wrap="wrap" gap="xs">
        <Text fz="sm" fw={600}>
          {t('page.limit')} · {format(card.limit)}
        </Text>
        <Text fz="sm" c="dimmed" data-testid="available-limit">
          {t('page.available', { amount: format(card.available_limit) })}
        </Text>
      </Group>
      <Progress
        value={percent}
        color={percent > 90 ? 'red' : percent > 70 ? 'orange' : 'centavo'}
        aria-label={t('page.limitLabel')}
        size="lg"
        radius="xl"
      />
      <Group justify="space-between" mt={6} wrap="wrap" gap="xs">
        <Text fz="xs" c="dimmed">
          {t('page.used', { amount: format(used) })}
        </Text>
        <Tooltip label={t('page.bestDayHint')}>
          <Text fz="xs" c="dimmed" tabIndex={0}>
            {t('page.bestDay', { day: card.best_purchase_day })}
          </Text>
        </Tooltip>
      </Group>
    </Paper>
  );
}

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

/** The invoice's entries grouped by day, with k/N labels and the move actions. */
function InvoiceEntries({ invoice }: { invoice: Invoice }) {
  const { t } = useTranslation('cards');
  const { locale } = useMoneyFormat();
  const move = useMoveEntry();
  const entries = invoice.entries ?? [];
  if (entries.length === 0) {
    return (
      <Text c="dimmed" ta="center" py="lg">
        {t('page.empty')}
      </Text>
    );
  }
  const days = new Map<string, Entry[]>();
  for (const entry of entries) days.set(entry.date, [...(days.get(entry.date) ?? []), entry]);
  function moveTo(entry: Entry, delta: number) {
    move.mutate(
      { id: entry.id, month: addMonths(invoice.month, delta) },
      {
        onSuccess: () => toastSuccess(t('toasts.moved')),
        onError: (error) => toastError(errorMessage(error)),
      },
    );
  }
  return (
    <Stack gap="sm" data-testid="invoice-entries">
      {[...days.entries()].map(([day, rows]) => (
        <Stack key={day} gap={4}>
          <Text fz="xs" fw={700} c="dimmed" tt="uppercase">
            {formatDate(day, locale)}
          </Text>
          {rows.map((entry) => (
            <Group key={entry.id} justify="space-between" wrap="nowrap" gap="xs" data-testid="invoice-entry">
              <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
                <Text fz="sm" lineClamp={3} style={{ overflowWrap: 'anywhere' }}>
                  {entry.description}
                </Text>
                {entry.installment_count ? (
                  <Badge variant="light" size="sm" data-testid="installment-label">
                    {t('page.installment', { k: entry.installment_number, n: entry.installment_count })}
                  </Badge>
                ) : null}
                {entry.operation_id === 1 ? (
                  <Badge variant="light" color="teal" size="sm">
                    {t('page.refund')}
                  </Badge>
                ) : null}
              </Group>
              <Group gap={2} wrap="nowrap">
                <AmountText value={entry.value} operation={entry.operation_id} fz="sm" />
                <Tooltip label={t('page.moveBack', { name: entry.description })}>
                  <ActionIcon
                    variant="subtle"
                    size="sm"
                    aria-label={t('page.moveBack', { name: entry.description })}
                    onClick={() => moveTo(entry, -1)}
                  >
                    <IconArrowUp size={14} />
                  </ActionIcon>
                </Tooltip>
                <Tooltip label={t('page.moveNext', { name: entry.description })}>
                  <ActionIcon
                    variant="subtle"
                    size="sm"
                    aria-label={t('page.moveNext', { name: entry.description })}
                    onClick={() => moveTo(entry, 1)}
                  >
                    <IconArrowDown size={14} />
                  </ActionIcon>
                </Tooltip>
              </Group>
            </Group>
          ))}
        </Stack>
      ))}
    </Stack>
  );
}

function InvoicePanel({
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
              opened={editingDates}
              onClose={() => setEditingDates(false)}
            />
          ) : null}
        </Stack>
      )}
    </Paper>
  );
}

/** /card/{id}: the limit, the invoice carousel by due month, pay/undo/move/export (issue #10). */
export function CardPage() {
  const { t } = useTranslation(['cards', 'common']);
  const { id } = useParams();
  const cardId = Number(id);
  const [searchParams, setSearchParams] = useSearchParams();
  const month = searchParams.get('month');
  const cards = useCards();
  const navigate = useNavigate();
  const update = useUpdateCard();
  const remove = useDeleteCard();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const card = cards.data?.data.find((c) => c.id === cardId);
  if (cards.isPending) return <Skeleton h={300} />;
  if (!card) {
    return (
      <Alert color="red" title={t('page.title')}>
        {t('page.notFound')}
      </Alert>
    );
  }
  const setMonth = (next: string) => setSearchParams({ month: next }, { replace: true });
  return (
    <Stack gap="md">
      <PageHeader
        title={card.name}
        actions={
          <Group gap="xs">
            <Button variant="default" onClick={() => setEditing(true)} data-testid="card-edit">
              {t('page.edit')}
            </Button>
            <Button
              variant="default"
              onClick={() =>
                update.mutate(
                  { id: card.id, body: { archived: !card.archived } },
                  { onError: (error) => toastError(errorMessage(error)) },
                )
              }
            >
              {t(card.archived ? 'page.unarchive' : 'page.archive')}
            </Button>
            <Button variant="light" color="red" onClick={() => setDeleting(true)} data-testid="card-delete">
              {t('page.delete')}
            </Button>
          </Group>
        }
      />
      <LimitBar card={card} />
      <InvoicePanel card={card} month={month} setMonth={setMonth} />
      <CardFormModal opened={editing} card={card} onClose={() => setEditing(false)} />
      <Modal
        opened={deleting}
        onClose={() => setDeleting(false)}
        closeButtonProps={{ 'aria-label': t('common:actions.close') }}
        title={t('delete.title', { name: card.name })}
        centered
      >
        <Stack>
          <Text>{t('delete.body')}</Text>
          <Group justify="flex-end">
            <Button
              color="red"
              loading={remove.isPending}
              data-testid="card-delete-confirm"
              onClick={() =>
                remove.mutate(
                  { id: card.id, deleteEntries: true },
                  {
                    onSuccess: () => {
                      toastSuccess(t('toasts.deleted'));
                      navigate(paths.entriesList);
                    },
                    onError: (error) => toastError(errorMessage(error)),
                  },
                )
              }
            >
              {t('delete.confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
