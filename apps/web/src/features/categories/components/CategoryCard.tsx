import type { Category, Subcategory } from '@centavo/shared';
import { TRANSFER_CATEGORY_ID } from '@centavo/shared/constants';
import { Badge, Button, Group, Menu, Paper, Stack, Text, ThemeIcon, Title, Tooltip } from '@mantine/core';
import {
  IconEye,
  IconEyeOff,
  IconPencil,
  IconPlus,
  IconTrash,
  IconX,
  type TablerIcon,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { IconButton } from '../../../components/IconButton.tsx';
import { RowMenu } from '../../../components/MenuButton.tsx';
import { categoryIcon } from '../icons.ts';

export interface CategoryActions {
  onEdit: (category: Category) => void;
  onDelete: (category: Category) => void;
  onAddSubcategory: (category: Category) => void;
  onRenameSubcategory: (category: Category, subcategory: Subcategory) => void;
  onDeleteSubcategory: (category: Category, subcategory: Subcategory) => void;
  /** Hide the category from the pickers, or show it again (system ones too). */
  onToggleHidden: (category: Category) => void;
}

/** A small grey badge beside the category's name (system, hidden), its meaning in a tooltip. */
function HintBadge({
  hint,
  variant,
  children,
}: {
  hint: string;
  variant: 'light' | 'outline';
  children: ReactNode;
}) {
  return (
    <Tooltip label={hint}>
      <Badge variant={variant} color="gray" size="xs" radius="sm" w="fit-content">
        {children}
      </Badge>
    </Tooltip>
  );
}

/** A subcategory pill's small round button (rename, delete). */
function PillButton({
  label,
  color,
  icon: Icon,
  onClick,
}: {
  label: string;
  color: string;
  icon: TablerIcon;
  onClick: () => void;
}) {
  return (
    <IconButton label={label} color={color} size="md" radius="xl" onClick={onClick}>
      <Icon size={14} />
    </IconButton>
  );
}

function SubcategoryPill({
  category,
  subcategory,
  actions,
}: {
  category: Category;
  subcategory: Subcategory;
  actions: CategoryActions;
}) {
  const { t } = useTranslation('ledger');
  return (
    <Group
      component="li"
      gap={2}
      wrap="nowrap"
      pl="sm"
      pr={subcategory.system ? 'sm' : 2}
      py={2}
      data-testid="subcategory"
      style={{
        border: '1px solid var(--mantine-color-default-border)',
        borderRadius: 999,
        minHeight: 30,
        maxWidth: '100%',
      }}
    >
      <Text fz="sm" truncate="end">
        {subcategory.name}
      </Text>
      {subcategory.system ? null : (
        <>
          <PillButton
            label={t('categories.editSubcategory', { name: subcategory.name })}
            color="gray"
            icon={IconPencil}
            onClick={() => actions.onRenameSubcategory(category, subcategory)}
          />
          <PillButton
            label={t('categories.deleteSubcategory', { name: subcategory.name })}
            color="red"
            icon={IconX}
            onClick={() => actions.onDeleteSubcategory(category, subcategory)}
          />
        </>
      )}
    </Group>
  );
}

/** One category: icon in its colour, name, system badge, actions, and its subcategories as pills. */
export function CategoryCard({ category, actions }: { category: Category; actions: CategoryActions }) {
  const { t } = useTranslation('ledger');
  const Icon = categoryIcon(category.icon);
  const titleId = `category-${category.id}-title`;
  // Transfers belong to the system: no subcategories can be added to it (the API refuses).
  const canAddSub = category.id !== TRANSFER_CATEGORY_ID;
  return (
    <Paper
      component="article"
      withBorder
      radius="lg"
      p="md"
      aria-labelledby={titleId}
      data-testid="category-card"
      data-hidden={category.hidden || undefined}
      style={{
        ...(category.color ? { borderTop: `3px solid ${category.color}` } : {}),
        // Hidden ones stay on this page (to be shown again) but dimmed.
        ...(category.hidden ? { opacity: 0.6 } : {}),
      }}
    >
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
        <Group gap="sm" wrap="nowrap" miw={0}>
          <ThemeIcon
            size={36}
            radius="md"
            variant="light"
            color={category.color ?? 'gray'}
            aria-hidden
            style={{ flex: 'none' }}
          >
            <Icon size={20} stroke={1.6} />
          </ThemeIcon>
          <Stack gap={0} miw={0}>
            <Title order={3} fz="md" id={titleId} lineClamp={2}>
              {category.name}
            </Title>
            <Group gap={4}>
              {category.system ? (
                <HintBadge hint={t('categories.systemBadgeHint')} variant="light">
                  {t('common.system')}
                </HintBadge>
              ) : null}
              {category.hidden ? (
                <HintBadge hint={t('categories.hiddenBadgeHint')} variant="outline">
                  {t('categories.hiddenBadge')}
                </HintBadge>
              ) : null}
            </Group>
          </Stack>
        </Group>
        <RowMenu label={t('common.actionsFor', { name: category.name })}>
          {category.system ? null : (
            <>
              <Menu.Item
                leftSection={<IconPencil size={16} aria-hidden />}
                onClick={() => actions.onEdit(category)}
              >
                {t('common.edit')}
              </Menu.Item>
              <Menu.Item
                leftSection={<IconPlus size={16} aria-hidden />}
                onClick={() => actions.onAddSubcategory(category)}
              >
                {t('categories.addSubcategory')}
              </Menu.Item>
            </>
          )}
          <Menu.Item
            leftSection={
              category.hidden ? <IconEye size={16} aria-hidden /> : <IconEyeOff size={16} aria-hidden />
            }
            onClick={() => actions.onToggleHidden(category)}
          >
            {category.hidden ? t('categories.show') : t('categories.hide')}
          </Menu.Item>
          {category.system ? null : (
            <>
              <Menu.Divider />
              <Menu.Item
                color="red"
                leftSection={<IconTrash size={16} aria-hidden />}
                onClick={() => actions.onDelete(category)}
              >
                {t('common.delete')}
              </Menu.Item>
            </>
          )}
        </RowMenu>
      </Group>
      {category.subcategories.length > 0 ? (
        <Group
          component="ul"
          gap={6}
          mt="sm"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
          aria-label={t('categories.subcategories')}
        >
          {category.subcategories.map((sub) => (
            <SubcategoryPill key={sub.id} category={category} subcategory={sub} actions={actions} />
          ))}
        </Group>
      ) : (
        <Text fz="sm" c="dimmed" mt="sm">
          {t('categories.noSubcategories')}
        </Text>
      )}
      {canAddSub ? (
        <Button
          variant="subtle"
          size="compact-sm"
          mt="xs"
          leftSection={<IconPlus size={14} aria-hidden />}
          onClick={() => actions.onAddSubcategory(category)}
          aria-label={t('categories.addSubcategoryTo', { name: category.name })}
        >
          {t('categories.addSubcategory')}
        </Button>
      ) : null}
    </Paper>
  );
}
