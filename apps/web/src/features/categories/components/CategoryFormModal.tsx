import type { Category } from '@centavo/shared';
import { categoryCreateBodySchema } from '@centavo/shared/contracts/categories';
import { SegmentedControl, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ColorField } from '../../../components/ColorField.tsx';
import { FormModal, ModalForm, NameField } from '../../../components/FormModal.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { reportFormError } from '../../../lib/error-message.ts';
import { zodResolver } from '../../../lib/form-rules.tsx';
import { toastSuccess } from '../../../lib/toasts.ts';
import { useAppForm } from '../../../lib/use-app-form.ts';
import { useCreateCategory } from '../api/create-category.ts';
import { useUpdateCategory } from '../api/update-category.ts';
import {
  CATEGORY_TAB_ORDER,
  type CategoryFormValues,
  categoryCreateBody,
  categoryFormValues,
  categoryUpdateBody,
  isUserCategoryType,
  type UserCategoryType,
} from '../category-tree.ts';
import { IconPicker } from './IconPicker.tsx';

function CategoryForm({
  category,
  type,
  onDone,
}: {
  category: Category | null;
  type: UserCategoryType;
  onDone: (saved: Category | null) => void;
}) {
  const { t } = useTranslation(['ledger', 'common']);
  const create = useCreateCategory();
  const update = useUpdateCategory();
  const form = useAppForm<CategoryFormValues>({
    initialValues: categoryFormValues(category, type),
    validate: zodResolver(categoryCreateBodySchema, { input: categoryCreateBody }),
    onSubmit: (values) => {
      const handlers = {
        onSuccess: (saved: Category) => {
          toastSuccess(
            t(category ? 'categories.savedToast' : 'categories.createdToast', { name: saved.name }),
          );
          onDone(saved);
        },
        onError: (error: Error) => {
          // 409 on edit: the type cannot change while entries use the category.
          if (isApiError(error) && error.status === 409) {
            form.setServerErrors({ type: [t('categories.form.typeLocked')] });
            return;
          }
          reportFormError(form, error);
        },
      };
      if (category) update.mutate({ id: category.id, body: categoryUpdateBody(values, category) }, handlers);
      else create.mutate(categoryCreateBody(values), handlers);
    },
  });
  const typeError = form.errors.type;
  return (
    <ModalForm
      onSubmit={form.handleSubmit}
      label={t(category ? 'categories.form.editTitle' : 'categories.form.createTitle')}
      error={form.formError}
      submitLabel={t(category ? 'categories.form.submitEdit' : 'categories.form.submitCreate')}
      pending={create.isPending || update.isPending}
      onCancel={() => onDone(null)}
    >
      <NameField
        label={t('categories.form.name')}
        placeholder={t('categories.form.namePlaceholder')}
        {...form.getInputProps('name')}
      />
      <Stack gap={4}>
        <Text component="span" fz="sm" fw={500} id="category-type-label">
          {t('categories.form.type')}
        </Text>
        <SegmentedControl
          aria-labelledby="category-type-label"
          fullWidth
          data={CATEGORY_TAB_ORDER.map((value) => ({ value, label: t(`categoryTypes.${value}`) }))}
          value={form.values.type}
          onChange={(value) => {
            if (isUserCategoryType(value)) form.setFieldValue('type', value);
          }}
        />
        {typeError ? (
          <Text c="red" fz="xs" role="alert">
            {typeError}
          </Text>
        ) : null}
      </Stack>
      <ColorField label={t('common.color')} {...form.getInputProps('color')} />
      <IconPicker
        label={t('categories.form.icon')}
        value={form.values.icon}
        onChange={(icon) => form.setFieldValue('icon', icon)}
      />
    </ModalForm>
  );
}

export function CategoryFormModal({
  opened,
  category,
  type,
  onClose,
  onSaved,
}: {
  opened: boolean;
  category: Category | null;
  type: UserCategoryType;
  onClose: () => void;
  onSaved: (category: Category) => void;
}) {
  const { t } = useTranslation('ledger');
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={t(category ? 'categories.form.editTitle' : 'categories.form.createTitle')}
      fullScreenOnPhone
      size="lg"
    >
      <CategoryForm
        key={category?.id ?? `new-${type}`}
        category={category}
        type={type}
        onDone={(saved) => {
          if (saved) onSaved(saved);
          onClose();
        }}
      />
    </FormModal>
  );
}
