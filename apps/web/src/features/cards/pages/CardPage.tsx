import { Alert, Button, Group, Skeleton, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { useCards } from '../../../lib/queries/cards.ts';
import { toastError } from '../../../lib/toasts.ts';
import { useUpdateCard } from '../api/cards.ts';
import { CardFormModal } from '../components/CardFormModal.tsx';
import { DeleteCardModal } from '../components/DeleteCardModal.tsx';
import { InvoicePanel } from '../components/InvoicePanel.tsx';
import { LimitBar } from '../components/LimitBar.tsx';

/** /card/{id}: the limit, the invoice carousel by due month, pay/undo/move/export (issue #10). */
export function CardPage() {
  const { t } = useTranslation(['cards', 'common']);
  const { id } = useParams();
  const cardId = Number(id);
  const [searchParams, setSearchParams] = useSearchParams();
  const month = searchParams.get('month');
  const cards = useCards();
  const update = useUpdateCard();
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
      <DeleteCardModal card={card} opened={deleting} onClose={() => setDeleting(false)} />
    </Stack>
  );
}
