import { NavLink } from '@mantine/core';
import { IconCreditCard, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink as RouterNavLink, useNavigate } from 'react-router';
import { paths } from '../../../app/paths.ts';
import { useCards } from '../../../lib/queries/cards.ts';
import { useMoneyFormat } from '../../../lib/use-money-format.ts';
import { CardFormModal } from './CardFormModal.tsx';

/** The navigation's cards: each active card with its open invoice and available limit, and "New card". */
export function CardsNav() {
  const { t } = useTranslation('cards');
  const cards = useCards();
  const { format } = useMoneyFormat();
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  const active = (cards.data?.data ?? []).filter((c) => !c.archived);
  return (
    <>
      {active.map((card) => (
        <NavLink
          key={card.id}
          component={RouterNavLink}
          to={paths.card.build(card.id)}
          label={card.name}
          description={t('nav.summary', {
            invoice: format(card.current_invoice.total),
            available: format(card.available_limit),
          })}
          leftSection={<IconCreditCard size={18} stroke={1.6} color={card.color ?? undefined} />}
          style={{ borderRadius: 'var(--mantine-radius-md)' }}
          data-testid={`nav-card-${card.id}`}
        />
      ))}
      <NavLink
        component="button"
        type="button"
        label={t('nav.add')}
        leftSection={<IconPlus size={18} stroke={1.6} />}
        onClick={() => setCreating(true)}
        style={{ borderRadius: 'var(--mantine-radius-md)' }}
        data-testid="nav-card-add"
      />
      <CardFormModal
        opened={creating}
        card={null}
        onClose={() => setCreating(false)}
        onSaved={(card) => navigate(paths.card.build(card.id))}
      />
    </>
  );
}
