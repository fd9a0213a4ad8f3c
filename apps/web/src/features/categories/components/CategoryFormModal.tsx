import type { Category } from '@centavo/shared';
import { Button, Group, Modal, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { ColorField } from '../../../components/ColorField.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { reportFormError } from '../../../lib/error-message.ts';
import { useForm } from '../../../lib/form.ts';
import { toastSuccess } from '../../../lib/toasts.ts';
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
  const form = useForm<CategoryFormValues>({
    initialValues: categoryFormValues(category, type),
    rules: { name: 'required|max:100' },
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
  const typeError = form.getInputProps('type').error;
  return (
    <form
      onSubmit={form.handleSubmit}
      noValidate
      aria-label={t(category ? 'categories.form.editTitle' : 'categories.form.createTitle')}
    >
      <Stack gap="md">
        <TextInput
          label={t('categories.form.name')}
          placeholder={t('categories.form.namePlaceholder')}
          required
          maxLength={100}
          autoComplete="off"
          data-autofocus
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
        <ColorField
          label={t('common.color')}
          value={form.values.color}
          onChange={(color) => form.setFieldValue('color', color)}
        />
        <IconPicker
          label={t('categories.form.icon')}
          value={form.values.icon}
          onChange={(icon) => form.setFieldValue('icon', icon)}
        />
        {form.formError ? (
          <Text c="red" fz="sm" role="alert">
            {form.formError}
          </Text>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => onDone(null)}>
            {t('common.cancel')}
          </Button>
          <Button autoContrast type="submit" loading={create.isPending || update.isPending}>
            {t(category ? 'categories.form.submitEdit' : 'categories.form.submitCreate')}
          </Button>
        </Group>
      </Stack>
    </form>
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
  const small = useMediaQuery('(max-width: 40em)');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      closeButtonProps={{ 'aria-label': t('common:actions.close') }}
      title={t(category ? 'categories.form.editTitle' : 'categories.form.createTitle')}
      fullScreen={small}
      centered
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
    </Modal>
  );
}
