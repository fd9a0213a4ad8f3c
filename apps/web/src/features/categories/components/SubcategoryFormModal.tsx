import type { Category, Subcategory } from '@centavo/shared';
import { subcategoryUpdateBodySchema } from '@centavo/shared/contracts/categories';
import { useTranslation } from 'react-i18next';
import { FormModal, ModalForm, NameField } from '../../../components/FormModal.tsx';
import { reportFormError } from '../../../lib/error-message.ts';
import { zodResolver } from '../../../lib/form-rules.tsx';
import { toastSuccess } from '../../../lib/toasts.ts';
import { useAppForm } from '../../../lib/use-app-form.ts';
import { useCreateSubcategory } from '../api/create-subcategory.ts';
import { useUpdateSubcategory } from '../api/update-subcategory.ts';

/** What the dialog works on: a new subcategory of a category, or renaming one. */
export type SubcategoryTarget =
  | { kind: 'create'; category: Category }
  | { kind: 'rename'; category: Category; subcategory: Subcategory };

function SubcategoryForm({ target, onDone }: { target: SubcategoryTarget; onDone: () => void }) {
  const { t } = useTranslation(['ledger', 'common']);
  const create = useCreateSubcategory();
  const update = useUpdateSubcategory();
  const form = useAppForm({
    initialValues: { name: target.kind === 'rename' ? target.subcategory.name : '' },
    validate: zodResolver(subcategoryUpdateBodySchema),
    onSubmit: (values) => {
      const handlers = {
        onSuccess: (saved: Subcategory) => {
          toastSuccess(
            t(target.kind === 'rename' ? 'categories.subSavedToast' : 'categories.subCreatedToast', {
              name: saved.name,
            }),
          );
          onDone();
        },
        onError: (error: Error) => {
          reportFormError(form, error);
        },
      };
      const name = values.name.trim();
      if (target.kind === 'rename') update.mutate({ id: target.subcategory.id, body: { name } }, handlers);
      else create.mutate({ category_id: target.category.id, name }, handlers);
    },
  });
  return (
    <ModalForm
      onSubmit={form.handleSubmit}
      error={form.formError}
      submitLabel={target.kind === 'rename' ? t('common.save') : t('categories.form.subSubmitCreate')}
      pending={create.isPending || update.isPending}
      onCancel={onDone}
    >
      <NameField label={t('categories.form.subName')} {...form.getInputProps('name')} />
    </ModalForm>
  );
}

export function SubcategoryFormModal({
  opened,
  target,
  onClose,
}: {
  opened: boolean;
  target: SubcategoryTarget | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('ledger');
  const title =
    target?.kind === 'rename'
      ? t('categories.form.subEditTitle')
      : t('categories.form.subCreateTitle', { name: target?.category.name ?? '' });
  return (
    <FormModal opened={opened} onClose={onClose} title={title}>
      {target ? (
        <SubcategoryForm
          key={target.kind === 'rename' ? `r${target.subcategory.id}` : `c${target.category.id}`}
          target={target}
          onDone={onClose}
        />
      ) : null}
    </FormModal>
  );
}
