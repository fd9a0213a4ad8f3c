import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../components/FormModal.tsx';
import { toastOutcome } from '../../../lib/error-message.ts';
import { useDeleteTag } from '../api/delete-tag.ts';
import type { TagDialogProps } from '../tag-list.ts';

/** Deleting a tag: says how many entries carry it (they stay, without the tag) before it goes. */
export function DeleteTagModal({ tag, opened, onClose }: TagDialogProps) {
  const { t } = useTranslation(['ledger', 'common']);
  const remove = useDeleteTag();
  return (
    <ConfirmModal
      opened={opened}
      onClose={onClose}
      title={t('tags.delete.title', { name: tag?.name ?? '' })}
      confirmLabel={t('tags.delete.confirm')}
      danger
      pending={remove.isPending}
      onConfirm={() => {
        if (tag)
          remove.mutate(
            tag.id,
            toastOutcome(() => t('tags.deletedToast', { name: tag.name }), onClose),
          );
      }}
    >
      <Text fz="sm" data-testid="tag-delete-usage">
        {t('tags.delete.used', { count: tag?.count ?? 0 })}
      </Text>
    </ConfirmModal>
  );
}
