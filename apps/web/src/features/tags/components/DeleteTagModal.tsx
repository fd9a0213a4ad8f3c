import type { Tag } from '@centavo/shared';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/error-message.ts';
import { toastError, toastSuccess } from '../../../lib/toasts.ts';
import { useDeleteTag } from '../api/delete-tag.ts';

/** Deleting a tag: says how many entries carry it (they stay, without the tag) before it goes. */
export function DeleteTagModal({
  tag,
  opened,
  onClose,
}: {
  tag: Tag | null;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation(['ledger', 'common']);
  const remove = useDeleteTag();

  function confirm() {
    if (!tag) return;
    remove.mutate(tag.id, {
      onSuccess: () => {
        toastSuccess(t('tags.deletedToast', { name: tag.name }));
        onClose();
      },
      onError: (error) => toastError(errorMessage(error)),
    });
  }

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      closeButtonProps={{ 'aria-label': t('common:actions.close') }}
      title={t('tags.delete.title', { name: tag?.name ?? '' })}
      centered
    >
      <Stack gap="md">
        <Text fz="sm" data-testid="tag-delete-usage">
          {t('tags.delete.used', { count: tag?.count ?? 0 })}
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} data-autofocus>
            {t('common.cancel')}
          </Button>
          <Button autoContrast color="red.9" loading={remove.isPending} onClick={confirm}>
            {t('tags.delete.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
