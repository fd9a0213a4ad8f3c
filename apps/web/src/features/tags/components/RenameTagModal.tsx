import type { Tag } from '@centavo/shared';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal, ModalForm } from '../../../components/FormModal.tsx';
import { toastSuccess } from '../../../lib/toasts.ts';
import { useUpdateTag } from '../api/update-tag.ts';
import { tagNameProblem } from '../tag-list.ts';
import { TagNameInput, tagErrorMessage, tagProblemMessage } from './TagNameInput.tsx';

function RenameTagForm({ tag, onDone }: { tag: Tag; onDone: () => void }) {
  const { t } = useTranslation(['ledger', 'common']);
  const update = useUpdateTag();
  const [name, setName] = useState(tag.name);
  const [error, setError] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    const problem = tagNameProblem(name);
    if (problem) {
      setError(tagProblemMessage(t, problem));
      return;
    }
    if (name.trim() === tag.name) {
      onDone();
      return;
    }
    update.mutate(
      { id: tag.id, body: { name: name.trim() } },
      {
        onSuccess: (saved) => {
          toastSuccess(t('tags.renamedToast', { name: saved.name }));
          onDone();
        },
        onError: (failure) => setError(tagErrorMessage(t, failure)),
      },
    );
  }

  return (
    <ModalForm onSubmit={submit} submitLabel={t('common.save')} pending={update.isPending} onCancel={onDone}>
      <TagNameInput
        label={t('tags.renameLabel')}
        value={name}
        onChange={(event) => {
          setName(event.currentTarget.value);
          if (error) setError(null);
        }}
        error={error}
        data-autofocus
        required
      />
    </ModalForm>
  );
}

/** Renaming a tag in a modal (entries keep it: they carry its id). */
export function RenameTagModal({
  tag,
  opened,
  onClose,
}: {
  tag: Tag | null;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation(['ledger', 'common']);
  return (
    <FormModal opened={opened} onClose={onClose} title={t('tags.renameTitle')}>
      {tag ? <RenameTagForm key={tag.id} tag={tag} onDone={onClose} /> : null}
    </FormModal>
  );
}
