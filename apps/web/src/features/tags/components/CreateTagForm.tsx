import { Button, Group } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { FormEvent, RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '../../../lib/toasts.ts';
import { useCreateTag } from '../api/create-tag.ts';
import { TagNameInput, useTagName } from './TagNameInput.tsx';

/** The "new tag" field: checked before it is sent; the input keeps focus for the next one. */
export function CreateTagForm({ inputRef }: { inputRef: RefObject<HTMLInputElement | null> }) {
  const { t } = useTranslation(['ledger', 'common']);
  const create = useCreateTag();
  const tagName = useTagName();

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!tagName.check()) {
      inputRef.current?.focus();
      return;
    }
    create.mutate(
      { name: tagName.name.trim() },
      {
        onSuccess: (tag) => {
          toastSuccess(t('tags.createdToast', { name: tag.name }));
          tagName.setName('');
          tagName.setError(null);
          inputRef.current?.focus();
        },
        onError: (failure) => {
          tagName.failed(failure);
          inputRef.current?.focus();
        },
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate aria-label={t('tags.newLabel')}>
      <Group align="flex-end" gap="xs">
        <TagNameInput
          ref={inputRef}
          label={t('tags.newLabel')}
          placeholder={t('tags.newPlaceholder')}
          {...tagName.inputProps}
          style={{ flex: '1 1 200px' }}
          name="new-tag"
        />
        <Button
          autoContrast
          type="submit"
          loading={create.isPending}
          leftSection={<IconPlus size={16} aria-hidden />}
        >
          {t('tags.add')}
        </Button>
      </Group>
    </form>
  );
}
