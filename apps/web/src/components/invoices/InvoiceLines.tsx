import type { InvoiceLine } from '@centavo/shared';
import { Badge, Button, Collapse, Group, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconCreditCard } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccounts } from '../../lib/queries/accounts.ts';
import { useCards } from '../../lib/queries/cards.ts';
import { useMoneyFormat } from '../../lib/use-money-format.ts';
import { AmountText } from '../AmountText.tsx';
import { InvoicePurchases, shortDate } from './InvoicePurchases.tsx';
import { PayDialog } from './PayDialog.tsx';
import { STATUS_COLORS } from './status.ts';

/**
 * The cash basis of the entries list (DESIGN.md "Two bases"): each card invoice due in the month is one
 * line (total, status, pay); the purchases are not listed again as entries, but the line opens to them
 * (issue 23), with a link to the card page at that invoice.
 */
export function InvoiceLines({ invoices }: { invoices: readonly InvoiceLine[] }) {
  const cards = useCards();
  const accounts = useAccounts({ includeArchived: false });
  const [paying, setPaying] = useState<InvoiceLine | null>(null);
  if (invoices.length === 0) return null;
  const byId = new Map((cards.data?.data ?? []).map((c) => [c.id, c]));
  return (
    <Stack gap={6} mb="sm" data-testid="invoice-lines">
      {invoices.map((line) => (
        <InvoiceLineCard
          key={line.id}
          line={line}
          card={byId.get(line.card_id)?.name ?? ''}
          onPay={() => setPaying(line)}
        />
      ))}
      {paying ? (
        <PayDialog
          key={paying.id}
          invoice={paying}
          accounts={accounts.data?.data ?? []}
          defaultAccountId={byId.get(paying.card_id)?.account_id ?? null}
          opened
          onClose={() => setPaying(null)}
        />
      ) : null}
    </Stack>
  );
}

/** One invoice: its top row is the one button that opens and closes its purchases. */
function InvoiceLineCard({ line, card, onPay }: { line: InvoiceLine; card: string; onPay: () => void }) {
  const { t } = useTranslation('cards');
  const { locale, format } = useMoneyFormat();
  const [open, setOpen] = useState(false);
  // The purchases are fetched the first time the line opens, and kept while it is closed again.
  const [opened, setOpened] = useState(false);
  const panel = useId();
  return (
    <Paper withBorder radius="md" px="sm" py={8} data-testid="invoice-line">
      <UnstyledButton
        onClick={() => {
          setOpen((o) => !o);
          setOpened(true);
        }}
        aria-expanded={open}
        aria-controls={panel}
        w="100%"
        data-testid="invoice-line-toggle"
      >
        <Group justify="space-between" wrap="nowrap" gap="xs" component="span">
          <Group gap="xs" wrap="nowrap" component="span" style={{ minWidth: 0 }}>
            <IconCreditCard size={18} stroke={1.6} aria-hidden style={{ flexShrink: 0 }} />
            <Text component="span" fz="sm" fw={600} truncate>
              {t('entries.invoiceLine', { card })}
            </Text>
            <IconChevronDown
              size={16}
              aria-hidden
              style={{
                flexShrink: 0,
                transform: open ? 'rotate(180deg)' : undefined,
                transition: 'transform 120ms',
              }}
            />
          </Group>
          <AmountText value={-line.total} fz="sm" fw={600} />
        </Group>
      </UnstyledButton>
      {line.previous_balance !== 0 ? (
        // The month's "Expenses" count purchases − refunds; the line's total also holds what the invoice
        // before left (issue 23 #8): said here, so the difference is not a mystery.
        <Text fz="xs" c="dimmed" mt={2} data-testid="invoice-carried">
          {t(line.previous_balance > 0 ? 'entries.carried' : 'entries.carriedCredit', {
            amount: format(Math.abs(line.previous_balance)),
          })}
        </Text>
      ) : null}
      <Group justify="space-between" wrap="nowrap" gap="xs" mt={4}>
        <Group gap="xs" wrap="nowrap">
          <Text fz="xs" c="dimmed">
            {t('entries.invoiceDue', { date: shortDate(line.due_date, locale) })}
          </Text>
          <Badge color={STATUS_COLORS[line.status]} variant="light" size="sm">
            {t(`status.${line.status}`)}
          </Badge>
        </Group>
        {line.total - line.paid_amount > 0 ? (
          <Button size="compact-sm" variant="light" onClick={onPay}>
            {t('page.pay')}
          </Button>
        ) : null}
      </Group>
      <Collapse expanded={open} id={panel}>
        {opened ? <InvoicePurchases line={line} card={card} locale={locale} /> : null}
      </Collapse>
    </Paper>
  );
}
