import { Anchor, Group, Skeleton, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../app/paths.ts';
import { AmountText } from '../../../components/AmountText.tsx';
import { Widget } from '../../../components/charts/Widget.tsx';
import { useCards } from '../../../lib/queries/cards.ts';
import { useMoneyFormat } from '../../../lib/use-money-format.ts';
import { formatDay } from '../days.ts';

/** Each active card with its open invoice and available limit. */
export function CardsWidget() {
  const { t } = useTranslation('reports');
  const { locale } = useMoneyFormat();
  const cards = useCards();
  const activeCards = (cards.data?.data ?? []).filter((c) => !c.archived);
  return (
    <Widget id="dash-cards" title={t('dashboard.cards')}>
      {cards.data ? (
        activeCards.length === 0 ? (
          <Text c="dimmed" fz="sm" data-testid="dash-cards-empty">
            {t('dashboard.cardsEmpty')}
          </Text>
        ) : (
          <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} data-testid="dash-cards">
            {activeCards.map((c) => (
              <Stack key={c.id} gap={2} component="li" aria-label={c.name}>
                <Anchor
                  component={Link}
                  to={paths.card.build(c.id)}
                  fz="sm"
                  fw={600}
                  style={{ overflowWrap: 'anywhere' }}
                >
                  {c.name}
                </Anchor>
                <Group gap="xs" justify="space-between" wrap="wrap">
                  <Text fz="xs" c="dimmed">
                    {t('dashboard.cardInvoice')} · {formatDay(locale, c.current_invoice.due_date)}
                  </Text>
                  <AmountText value={c.current_invoice.total} colored={false} fz="sm" />
                </Group>
                <Group gap="xs" justify="space-between" wrap="wrap">
                  <Text fz="xs" c="dimmed">
                    {t('dashboard.cardAvailable')}
                  </Text>
                  <AmountText value={c.available_limit} colored={false} fz="sm" />
                </Group>
              </Stack>
            ))}
          </Stack>
        )
      ) : (
        <Skeleton h={80} />
      )}
    </Widget>
  );
}
