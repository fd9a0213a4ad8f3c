import type { Tag } from '@centavo/shared';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal, ModalForm } from '../../../components/FormModal.tsx';
import { toastSuccess } from '../../../lib/toasts.ts';
import { useUpdateTag } from '../api/update-tag.ts';
import type { TagDialogProps } from '../tag-list.ts';
import { TagNameInput, useTagName } from './TagNameInput.tsx';

function RenameTagForm({ tag, onDone }: { tag: Tag; onDone: () => void }) {
  const { t } = useTranslation(['ledger', 'common']);
  const update = useUpdateTag();
  const tagName = useTagName(tag.name);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!tagName.check()) return;
    if (tagName.name.trim() === tag.name) {
      onDone();
      return;
    }
    update.mutate(
      { id: tag.id, body: { name: tagName.name.trim() } },
      {
        onSuccess: (saved) => {
          toastSuccess(t('tags.renamedToast', { name: saved.name }));
          onDone();
        },
        onError: tagName.failed,
      },
    );
  }

  return (
    <ModalForm onSubmit={submit} submitLabel={t('common.save')} pending={update.isPending} onCancel={onDone}>
      <TagNameInput label={t('tags.renameLabel')} {...tagName.inputProps} data-autofocus required />
    </ModalForm>
  );
}

/** Renaming a tag in a modal (entries keep it: they carry its id). */
export function RenameTagModal({ tag, opened, onClose }: TagDialogProps) {
  const { t } = useTranslation(['ledger', 'common']);
  return (
    <FormModal opened={opened} onClose={onClose} title={t('tags.renameTitle')}>
      {tag ? <RenameTagForm key={tag.id} tag={tag} onDone={onClose} /> : null}
    </FormModal>
  );
}
