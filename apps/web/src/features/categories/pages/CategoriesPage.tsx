import type { Category, Subcategory } from '@centavo/shared';
import { Button, SegmentedControl, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconCategoryPlus, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { LoadFailed } from '../../../components/LoadFailed.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { useCategories } from '../../../lib/queries/categories.ts';
import { useSetCategoryHidden } from '../api/set-category-hidden.ts';
import {
  CATEGORY_TAB_ORDER,
  DEFAULT_CATEGORY_TYPE,
  isUserCategoryType,
  readCategoryType,
  splitCategories,
  type UserCategoryType,
} from '../category-tree.ts';
import { type CategoryActions, CategoryCard } from '../components/CategoryCard.tsx';
import { CategoryFormModal } from '../components/CategoryFormModal.tsx';
import { DeleteCategoryModal } from '../components/DeleteCategoryModal.tsx';
import { DeleteSubcategoryModal } from '../components/DeleteSubcategoryModal.tsx';
import { SubcategoryFormModal, type SubcategoryTarget } from '../components/SubcategoryFormModal.tsx';

/** A dialog keeps its subject while it closes (no title flicker); `opened` says whether it shows. */
interface Dialog<T> {
  opened: boolean;
  subject: T | null;
}
function closed<T>(): Dialog<T> {
  return { opened: false, subject: null };
}

export function CategoriesPage() {
  const { t } = useTranslation(['ledger', 'common']);
  const [searchParams, setSearchParams] = useSearchParams();
  const type = readCategoryType(searchParams);
  const small = useMediaQuery('(max-width: 40em)') ?? false;
  const categories = useCategories();
  const [editing, setEditing] = useState<Dialog<Category>>(closed);
  const [deleting, setDeleting] = useState<Dialog<Category>>(closed);
  const [sub, setSub] = useState<Dialog<SubcategoryTarget>>(closed);
  const [subDeleting, setSubDeleting] =
    useState<Dialog<{ category: Category; subcategory: Subcategory }>>(closed);

  const setHidden = useSetCategoryHidden();
  const all = categories.data?.data ?? [];
  const { own, system } = splitCategories(all, type);
  const openCreate = () => setEditing({ opened: true, subject: null });
  const actions: CategoryActions = {
    onEdit: (category) => setEditing({ opened: true, subject: category }),
    onDelete: (category) => setDeleting({ opened: true, subject: category }),
    onAddSubcategory: (category) => setSub({ opened: true, subject: { kind: 'create', category } }),
    onRenameSubcategory: (category, subcategory) =>
      setSub({ opened: true, subject: { kind: 'rename', category, subcategory } }),
    onDeleteSubcategory: (category, subcategory) =>
      setSubDeleting({ opened: true, subject: { category, subcategory } }),
    onToggleHidden: (category) => setHidden.mutate({ id: category.id, hidden: !category.hidden }),
  };
  function showType(next: UserCategoryType) {
    setSearchParams(next === DEFAULT_CATEGORY_TYPE ? {} : { type: next }, { replace: true });
  }
  const typeName = t(`categoryTypes.${type}`).toLowerCase();

  return (
    <Stack maw={1100} gap="lg">
      <PageHeader
        title={t('categories.title')}
        subtitle={t('categories.subtitle')}
        actions={
          <Button autoContrast leftSection={<IconPlus size={18} aria-hidden />} onClick={openCreate}>
            {t('categories.new')}
          </Button>
        }
      />
      <SegmentedControl
        aria-label={t('categories.typeLabel')}
        fullWidth={small}
        w={small ? undefined : 'fit-content'}
        data={CATEGORY_TAB_ORDER.map((value) => ({ value, label: t(`categoryTypes.${value}`) }))}
        value={type}
        onChange={(value) => {
          if (isUserCategoryType(value)) showType(value);
        }}
        data-testid="category-type"
      />

      {categories.isError ? (
        <LoadFailed onRetry={() => categories.refetch()} />
      ) : categories.isPending ? (
        <Stack gap="sm" aria-busy>
          <Skeleton h={120} radius="lg" />
          <Skeleton h={320} radius="lg" />
        </Stack>
      ) : (
        <>
          <Stack component="section" gap="sm" aria-labelledby="own-categories">
            <Title order={2} fz="lg" id="own-categories">
              {t('categories.own')}
            </Title>
            {own.length === 0 ? (
              <EmptyState
                icon={<IconCategoryPlus size={28} stroke={1.5} />}
                title={t('categories.ownEmpty.title', { type: typeName })}
                body={t('categories.ownEmpty.body')}
                action={t('categories.ownEmpty.cta')}
                onAction={openCreate}
                testId="categories-empty"
              />
            ) : (
              <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm" data-testid="own-categories">
                {own.map((category) => (
                  <CategoryCard key={category.id} category={category} actions={actions} />
                ))}
              </SimpleGrid>
            )}
          </Stack>
          <Stack component="section" gap="sm" aria-labelledby="system-categories">
            <Stack gap={2}>
              <Title order={2} fz="lg" id="system-categories">
                {t('categories.systemSection')}
              </Title>
              <Text c="dimmed" fz="sm">
                {t('categories.systemHint')}
              </Text>
            </Stack>
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm" data-testid="system-categories">
              {system.map((category) => (
                <CategoryCard key={category.id} category={category} actions={actions} />
              ))}
            </SimpleGrid>
          </Stack>
        </>
      )}

      <CategoryFormModal
        opened={editing.opened}
        category={editing.subject}
        type={type}
        onClose={() => setEditing((d) => ({ ...d, opened: false }))}
        // A category saved with another type is shown on its own tab.
        onSaved={(saved) => {
          if (saved.type !== type && isUserCategoryType(saved.type)) showType(saved.type);
        }}
      />
      <DeleteCategoryModal
        opened={deleting.opened}
        category={deleting.subject}
        categories={all}
        onClose={() => setDeleting((d) => ({ ...d, opened: false }))}
      />
      <SubcategoryFormModal
        opened={sub.opened}
        target={sub.subject}
        onClose={() => setSub((d) => ({ ...d, opened: false }))}
      />
      <DeleteSubcategoryModal
        opened={subDeleting.opened}
        target={subDeleting.subject}
        onClose={() => setSubDeleting((d) => ({ ...d, opened: false }))}
      />
    </Stack>
  );
}
