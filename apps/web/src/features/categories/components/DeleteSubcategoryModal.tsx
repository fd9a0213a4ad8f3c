import type { Category, Subcategory } from '@centavo/shared';
import { Select, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../components/FormModal.tsx';
import { toastOutcome } from '../../../lib/error-message.ts';
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

  function confirm() {
    if (!target) return;
    const body = { sub_category_id: replacement ? Number(replacement) : null };
    const done = () => t('categories.subDeletedToast', { name: target.subcategory.name });
    remove.mutate({ id: target.subcategory.id, body }, toastOutcome(done, onClose));
  }

  return (
    <ConfirmModal
      opened={opened}
      onClose={onClose}
      onExitTransitionEnd={() => setReplacement(null)}
      title={t('categories.delete.subTitle', { name: target?.subcategory.name ?? '' })}
      confirmLabel={t('categories.delete.subConfirm')}
      danger
      pending={remove.isPending}
      onConfirm={confirm}
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
    </ConfirmModal>
  );
}
