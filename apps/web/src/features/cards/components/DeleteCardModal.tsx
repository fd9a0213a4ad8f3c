import type { Card } from '@centavo/shared';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '../../../app/paths.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { toastError, toastSuccess } from '../../../lib/toasts.ts';
import { useDeleteCard } from '../api/cards.ts';

/** Deleting a card, with its entries, after a confirmation; then back to the entries list. */
export function DeleteCardModal({
  card,
  opened,
  onClose,
}: {
  card: Card;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation(['cards', 'common']);
  const navigate = useNavigate();
  const remove = useDeleteCard();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
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
  );
}
