import type { Category } from '@centavo/shared';
import { Alert, Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/error-message.ts';
import { toastError, toastSuccess } from '../../../lib/toasts.ts';
import { isCategoryInUse, useDeleteCategory } from '../api/delete-category.ts';
import { replacementCandidates } from '../category-tree.ts';

/**
 * Deleting an own category: a plain confirmation; when the API answers 409 (entries use it) the dialog asks
 * for a replacement of the same type (and optionally one of its subcategories) and retries with it.
 */
export function DeleteCategoryModal({
  opened,
  category,
  categories,
  onClose,
}: {
  opened: boolean;
  category: Category | null;
  categories: readonly Category[];
  onClose: () => void;
}) {
  const { t } = useTranslation(['ledger', 'common']);
  const remove = useDeleteCategory();
  const [inUse, setInUse] = useState(false);
  const [replacement, setReplacement] = useState<string | null>(null);
  const [subcategory, setSubcategory] = useState<string | null>(null);
  const [missing, setMissing] = useState(false);

  const candidates = category ? replacementCandidates(categories, category) : [];
  const chosen = candidates.find((c) => String(c.id) === replacement);

  function reset() {
    setInUse(false);
    setReplacement(null);
    setSubcategory(null);
    setMissing(false);
    remove.reset();
  }

  function confirm() {
    if (!category) return;
    if (inUse && !replacement) {
      setMissing(true);
      return;
    }
    remove.mutate(
      {
        id: category.id,
        body: inUse
          ? { category_id: Number(replacement), sub_category_id: subcategory ? Number(subcategory) : null }
          : undefined,
      },
      {
        onSuccess: () => {
          toastSuccess(t('categories.deletedToast', { name: category.name }));
          onClose();
        },
        onError: (error) => {
          if (!inUse && isCategoryInUse(error)) {
            setInUse(true);
            return;
          }
          toastError(errorMessage(error));
        },
      },
    );
  }

  const name = category?.name ?? '';
  const type = category ? t(`categoryTypes.${category.type}`).toLowerCase() : '';
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      onExitTransitionEnd={reset}
      closeButtonProps={{ 'aria-label': t('common:actions.close') }}
      title={inUse ? t('categories.delete.inUseTitle', { name }) : t('categories.delete.title', { name })}
      centered
    >
      <Stack gap="md">
        {inUse ? (
          <>
            <Alert
              color="orange"
              variant="light"
              icon={<IconAlertTriangle size={18} aria-hidden />}
              role="alert"
            >
              <Text fz="sm">{t('categories.delete.inUseBody', { type })}</Text>
            </Alert>
            <Select
              label={t('categories.delete.replacement')}
              data={candidates.map((c) => ({ value: String(c.id), label: c.name }))}
              value={replacement}
              onChange={(value) => {
                setReplacement(value);
                setSubcategory(null);
                setMissing(false);
              }}
              searchable
              required
              error={missing ? t('categories.delete.replacementRequired') : undefined}
              data-autofocus
              comboboxProps={{ withinPortal: true }}
            />
            <Select
              label={t('categories.delete.replacementSub')}
              placeholder={t('categories.delete.replacementSubNone')}
              data={(chosen?.subcategories ?? []).map((s) => ({ value: String(s.id), label: s.name }))}
              value={subcategory}
              onChange={setSubcategory}
              clearable
              disabled={!chosen || chosen.subcategories.length === 0}
              comboboxProps={{ withinPortal: true }}
            />
          </>
        ) : (
          <Text fz="sm">{t('categories.delete.body')}</Text>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} data-autofocus={inUse ? undefined : true}>
            {t('common.cancel')}
          </Button>
          <Button autoContrast color="red.9" loading={remove.isPending} onClick={confirm}>
            {inUse ? t('categories.delete.confirmReplace') : t('categories.delete.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
