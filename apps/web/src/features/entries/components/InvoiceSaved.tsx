import { Anchor, Stack, Text } from '@mantine/core';
import type { MouseEvent } from 'react';
import { paths } from '../../../app/paths.ts';
import { i18n } from '../../../lib/i18n.ts';
import { formatMonthInSentence } from '../../../lib/months.ts';
import { navigate } from '../../../lib/navigation.ts';

/**
 * The toast after a card purchase is saved (issue 23 #13e): the entries list shows it only inside its
 * invoice's line, so "Entry saved" alone left the list looking empty. It names the invoice and opens it.
 * Plain i18n, not a hook: the toast is drawn outside the page, in the notifications container.
 */
export function InvoiceSaved({
  cardId,
  card,
  month,
  locale,
}: {
  cardId: number;
  card: string;
  month: string;
  locale: string;
}) {
  const href = `${paths.card.build(cardId)}?month=${month}`;
  const open = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    navigate(href);
  };
  return (
    <Stack gap={4} data-testid="invoice-saved">
      <Text fz="sm">
        {i18n.t('entries:form.createdOnInvoice', { month: formatMonthInSentence(month, locale), card })}
      </Text>
      <Anchor href={href} onClick={open} fz="sm" fw={600} c="inherit" underline="always">
        {i18n.t('entries:form.openInvoice')}
      </Anchor>
    </Stack>
  );
}
