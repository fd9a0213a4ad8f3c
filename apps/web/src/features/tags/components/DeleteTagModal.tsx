import type { Tag } from '@centavo/shared';
import { Text } from '@mantine/core';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal, ModalForm } from '../../../components/FormModal.tsx';
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

  function confirm(event: FormEvent) {
    event.preventDefault();
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
    <FormModal opened={opened} onClose={onClose} title={t('tags.delete.title', { name: tag?.name ?? '' })}>
      <ModalForm
        onSubmit={confirm}
        submitLabel={t('tags.delete.confirm')}
        submitColor="red.9"
        pending={remove.isPending}
        onCancel={onClose}
        focusCancel
      >
        <Text fz="sm" data-testid="tag-delete-usage">
          {t('tags.delete.used', { count: tag?.count ?? 0 })}
        </Text>
      </ModalForm>
    </FormModal>
  );
}
