import type { Entry, InvoiceLine } from '@centavo/shared';
import { OPERATIONS } from '@centavo/shared/constants';
import { Anchor, Badge, Button, Divider, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../app/paths.ts';
import { useInvoice } from '../../lib/queries/cards.ts';
import { useCategories } from '../../lib/queries/categories.ts';
import { AmountText } from '../AmountText.tsx';

/** "10 Dec" / "10 de dez.": a purchase's day, as the invoice page shows it. */
export function shortDate(date: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );
}

/**
 * An invoice line's purchases (issue 23), read from GET /invoice/{id} the first time the line is opened
 * (mounted then, and kept): description, installment k/N, refund, category and day, amount; and a link to the invoice page.
 */
export function InvoicePurchases({
  line,
  card,
  locale,
}: {
  line: InvoiceLine;
  card: string;
  locale: string;
}) {
  const { t } = useTranslation('cards');
  const invoice = useInvoice(line.id);
  const categories = useCategories();
  const names = new Map((categories.data?.data ?? []).map((c) => [c.id, c.name]));
  const entries = invoice.data?.entries ?? [];
  const category = (entry: Entry) =>
    entry.category_id === null ? t('entries.noCategory') : (names.get(entry.category_id) ?? '');
  return (
    <Stack gap={6} pt={8} data-testid="invoice-line-purchases">
      <Divider />
      {invoice.isPending ? (
        <Stack gap={4} aria-hidden>
          <Skeleton h={18} />
          <Skeleton h={18} />
        </Stack>
      ) : invoice.isError ? (
        <Group gap="xs">
          <Text fz="sm" c="dimmed">
            {t('entries.purchasesError')}
          </Text>
          <Button size="compact-sm" variant="default" onClick={() => void invoice.refetch()}>
            {t('entries.retry')}
          </Button>
        </Group>
      ) : entries.length === 0 ? (
        <Text fz="sm" c="dimmed">
          {t('page.empty')}
        </Text>
      ) : (
        <Stack
          component="ul"
          gap={6}
          m={0}
          p={0}
          style={{ listStyle: 'none' }}
          aria-label={t('entries.purchasesOf', { card })}
        >
          {entries.map((entry) => (
            <Group
              key={entry.id}
              component="li"
              justify="space-between"
              align="flex-start"
              wrap="nowrap"
              gap="xs"
              data-testid="invoice-purchase"
            >
              <Stack gap={0} miw={0}>
                <Group gap={6} wrap="wrap" style={{ rowGap: 2 }}>
                  <Text fz="sm" style={{ overflowWrap: 'anywhere' }}>
                    {entry.description}
                  </Text>
                  {entry.installment_count ? (
                    <Badge
                      variant="light"
                      size="sm"
                      style={{ flex: 'none' }}
                      data-testid="purchase-installment"
                    >
                      {t('page.installment', { k: entry.installment_number, n: entry.installment_count })}
                    </Badge>
                  ) : null}
                  {entry.operation_id === OPERATIONS.income ? (
                    <Badge
                      variant="light"
                      color="teal"
                      size="sm"
                      style={{ flex: 'none' }}
                      data-testid="purchase-refund"
                    >
                      {t('page.refund')}
                    </Badge>
                  ) : null}
                </Group>
                <Text fz="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {category(entry)} · {shortDate(entry.date, locale)}
                </Text>
              </Stack>
              <AmountText
                value={entry.value}
                operation={entry.operation_id}
                fz="sm"
                style={{ flex: 'none' }}
              />
            </Group>
          ))}
        </Stack>
      )}
      <Anchor
        component={Link}
        to={`${paths.card.build(line.card_id)}?month=${line.month}`}
        fz="sm"
        data-testid="invoice-open"
      >
        <Group gap={4} component="span" wrap="nowrap">
          {t('entries.openInvoice', { card })}
          <IconArrowRight size={14} aria-hidden />
        </Group>
      </Anchor>
    </Stack>
  );
}
