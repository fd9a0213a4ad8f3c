import type { Category, Subcategory } from '@centavo/shared';
import { Select, Text } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal, ModalForm } from '../../../components/FormModal.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { toastError, toastSuccess } from '../../../lib/toasts.ts';
import { useDeleteSubcategory } from '../api/delete-subcategory.ts';

/** Deleting a subcategory: its entries keep the category and move to another subcategory or to none. */
export function DeleteSubcategoryModal({
  opened,
  target,
  onClose,
}: {
  opened: boolean;
  target: { category: Category; subcategory: Subcategory } | null;
  onClose: () => void;
}) {
  const { t } = useTranslation(['ledger', 'common']);
  const remove = useDeleteSubcategory();
  const [replacement, setReplacement] = useState<string | null>(null);
  const others = target ? target.category.subcategories.filter((s) => s.id !== target.subcategory.id) : [];

  function confirm(event: FormEvent) {
    event.preventDefault();
    if (!target) return;
    remove.mutate(
      { id: target.subcategory.id, body: { sub_category_id: replacement ? Number(replacement) : null } },
      {
        onSuccess: () => {
          toastSuccess(t('categories.subDeletedToast', { name: target.subcategory.name }));
          onClose();
        },
        onError: (error) => toastError(errorMessage(error)),
      },
    );
  }

  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      onExitTransitionEnd={() => setReplacement(null)}
      title={t('categories.delete.subTitle', { name: target?.subcategory.name ?? '' })}
    >
      <ModalForm
        onSubmit={confirm}
        submitLabel={t('categories.delete.subConfirm')}
        submitColor="red.9"
        pending={remove.isPending}
        onCancel={onClose}
        focusCancel
      >
        <Text fz="sm">{t('categories.delete.subBody')}</Text>
        {others.length > 0 ? (
          <Select
            label={t('categories.delete.subReplacement')}
            placeholder={t('categories.delete.replacementSubNone')}
            data={others.map((s) => ({ value: String(s.id), label: s.name }))}
            value={replacement}
            onChange={setReplacement}
            clearable
            comboboxProps={{ withinPortal: true }}
          />
        ) : null}
      </ModalForm>
    </FormModal>
  );
}
