import type { InvoiceLine } from '@centavo/shared';
import { Anchor, Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconCreditCard } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../app/paths.ts';
import { useAccounts } from '../../lib/queries/accounts.ts';
import { useCards } from '../../lib/queries/cards.ts';
import { useMoneyFormat } from '../../lib/use-money-format.ts';
import { AmountText } from '../AmountText.tsx';
import { PayDialog } from './PayDialog.tsx';
import { STATUS_COLORS } from './status.ts';

/**
 * The cash basis of the entries list (DESIGN.md "Two bases"): each card invoice due in the month is one
 * line (total, status, pay) that opens the card page at that invoice; the purchases are not listed again.
 */
export function InvoiceLines({ invoices }: { invoices: readonly InvoiceLine[] }) {
  const { t } = useTranslation('cards');
  const cards = useCards();
  const accounts = useAccounts({ includeArchived: false });
  const { locale } = useMoneyFormat();
  const [paying, setPaying] = useState<InvoiceLine | null>(null);
  if (invoices.length === 0) return null;
  const byId = new Map((cards.data?.data ?? []).map((c) => [c.id, c]));
  const due = (date: string) =>
    new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(
      new Date(`${date}T00:00:00Z`),
    );
  return (
    <Stack gap={6} mb="sm" data-testid="invoice-lines">
      {invoices.map((line) => {
        const card = byId.get(line.card_id);
        const name = card?.name ?? '';
        return (
          <Paper key={line.id} withBorder radius="md" px="sm" py={8} data-testid="invoice-line">
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
                <IconCreditCard size={18} stroke={1.6} aria-hidden style={{ flexShrink: 0 }} />
                <Anchor
                  component={Link}
                  to={`${paths.card.build(line.card_id)}?month=${line.month}`}
                  fz="sm"
                  fw={600}
                  truncate
                  aria-label={t('entries.openInvoice', { card: name })}
                >
                  {t('entries.invoiceLine', { card: name })}
                </Anchor>
              </Group>
              <AmountText value={-line.total} fz="sm" fw={600} />
            </Group>
            <Group justify="space-between" wrap="nowrap" gap="xs" mt={4}>
              <Group gap="xs" wrap="nowrap">
                <Text fz="xs" c="dimmed">
                  {t('entries.invoiceDue', { date: due(line.due_date) })}
                </Text>
                <Badge color={STATUS_COLORS[line.status]} variant="light" size="sm">
                  {t(`status.${line.status}`)}
                </Badge>
              </Group>
              {line.total - line.paid_amount > 0 ? (
                <Button size="compact-sm" variant="light" onClick={() => setPaying(line)}>
                  {t('page.pay')}
                </Button>
              ) : null}
            </Group>
          </Paper>
        );
      })}
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
