import type { Category, Subcategory } from '@centavo/shared';
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { reportFormError } from '../../../lib/error-message.ts';
import { useForm } from '../../../lib/form.ts';
import { toastSuccess } from '../../../lib/toasts.ts';
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
  const form = useForm({
    initialValues: { name: target.kind === 'rename' ? target.subcategory.name : '' },
    rules: { name: 'required|max:100' },
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
    <form onSubmit={form.handleSubmit} noValidate>
      <Stack gap="md">
        <TextInput
          label={t('categories.form.subName')}
          required
          maxLength={100}
          autoComplete="off"
          data-autofocus
          {...form.getInputProps('name')}
        />
        {form.formError ? (
          <Text c="red" fz="sm" role="alert">
            {form.formError}
          </Text>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone}>
            {t('common.cancel')}
          </Button>
          <Button autoContrast type="submit" loading={create.isPending || update.isPending}>
            {target.kind === 'rename' ? t('common.save') : t('categories.form.subSubmitCreate')}
          </Button>
        </Group>
      </Stack>
    </form>
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
    <Modal
      opened={opened}
      onClose={onClose}
      closeButtonProps={{ 'aria-label': t('common:actions.close') }}
      title={title}
      centered
    >
      {target ? (
        <SubcategoryForm
          key={target.kind === 'rename' ? `r${target.subcategory.id}` : `c${target.category.id}`}
          target={target}
          onDone={onClose}
        />
      ) : null}
    </Modal>
  );
}
