import type { Entry } from '@centavo/shared';
import { OPERATIONS } from '@centavo/shared/constants';
import { ActionIcon, Badge, Box, Menu, Text, UnstyledButton } from '@mantine/core';
import {
  IconCircle,
  IconCircleCheckFilled,
  IconDots,
  IconPencil,
  IconRepeat,
  IconTrash,
} from '@tabler/icons-react';
import { memo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AmountText } from '../../../components/AmountText.tsx';
import classes from './entries.module.css';
import type { Lookups } from './lookups.ts';

export interface EntryRowActions {
  onEdit: (entry: Entry) => void;
  onDelete: (entry: Entry) => void;
  onTogglePaid: (entry: Entry) => void;
}

/**
 * The row's "⋯" menu. Until first opened it is a plain button: a Mantine Menu per row costs a popover
 * (floating position, ids, listeners) in every row that scrolls into view, which showed in scroll frames.
 */
function RowMenu({ entry, actions }: { entry: Entry; actions: EntryRowActions }) {
  const { t } = useTranslation('entries');
  const [mounted, setMounted] = useState(false);
  const [opened, setOpened] = useState(false);
  const trigger = (
    <ActionIcon
      variant="subtle"
      color="gray"
      aria-label={t('list.actions', { description: entry.description })}
      aria-haspopup="menu"
      data-testid="entry-menu"
      onClick={
        mounted
          ? undefined
          : () => {
              setMounted(true);
              setOpened(true);
            }
      }
    >
      <IconDots size={18} aria-hidden />
    </ActionIcon>
  );
  if (!mounted) return trigger;
  return (
    <Menu position="bottom-end" withinPortal opened={opened} onChange={setOpened}>
      <Menu.Target>{trigger}</Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconPencil size={16} aria-hidden />} onClick={() => actions.onEdit(entry)}>
          {t('list.edit')}
        </Menu.Item>
        <Menu.Item
          color="red"
          leftSection={<IconTrash size={16} aria-hidden />}
          onClick={() => actions.onDelete(entry)}
          data-testid="entry-delete"
        >
          {t('list.delete')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

const FALLBACK_DOT = 'var(--mantine-color-gray-5)';

/** One entry: paid toggle, description with its details, amount, and a menu (edit, delete). */
export const EntryRow = memo(function EntryRow({
  entry,
  lookups,
  actions,
  last,
}: {
  entry: Entry;
  lookups: Lookups;
  actions: EntryRowActions;
  /** The last row of its day gets the rounded bottom of the day's card. */
  last: boolean;
}) {
  const { t } = useTranslation('entries');
  const category = entry.category_id === null ? undefined : lookups.categories.get(entry.category_id);
  const subcategory =
    entry.sub_category_id === null ? undefined : lookups.subcategories.get(entry.sub_category_id);
  const account = entry.account_id === null ? undefined : lookups.accounts.get(entry.account_id);
  const destination =
    entry.destination_account_id === null ? undefined : lookups.accounts.get(entry.destination_account_id);
  const transfer = entry.operation_id === OPERATIONS.transfer;
  const accountText = transfer
    ? t('list.transferTo', { from: account?.name ?? '—', to: destination?.name ?? '—' })
    : (account?.name ?? t('list.noAccount'));
  const categoryText = category
    ? subcategory
      ? `${category.name} › ${subcategory.name}`
      : category.name
    : t('list.noCategory');
  const tagNames = entry.tags.map((id) => lookups.tags.get(id)?.name).filter(Boolean);
  const paidLabel = t(entry.paid ? 'list.markUnpaid' : 'list.markPaid', { description: entry.description });

  return (
    <div className={[classes.entryRow, last ? classes.lastOfDay : ''].join(' ')}>
      <ActionIcon
        variant="subtle"
        color={entry.paid ? 'teal' : 'gray'}
        radius="xl"
        size="lg"
        onClick={() => actions.onTogglePaid(entry)}
        aria-label={paidLabel}
        title={entry.paid ? t('list.paid') : t('list.unpaid')}
        data-testid="paid-toggle"
        data-paid={entry.paid}
      >
        {entry.paid ? <IconCircleCheckFilled size={24} aria-hidden /> : <IconCircle size={24} aria-hidden />}
      </ActionIcon>

      <UnstyledButton className={classes.main} onClick={() => actions.onEdit(entry)} data-testid="entry-open">
        <Text fw={600} fz="sm" truncate="end" data-testid="entry-description">
          {entry.description}
        </Text>
        <div className={classes.meta}>
          <span
            className={classes.dot}
            style={{
              background: transfer ? 'var(--mantine-color-gray-6)' : (category?.color ?? FALLBACK_DOT),
            }}
            aria-hidden
          />
          <Text fz="xs" c="dimmed" truncate="end" style={{ minWidth: 0 }}>
            {transfer ? accountText : `${categoryText} · ${accountText}`}
          </Text>
          {entry.installment_number !== null && entry.installment_count !== null ? (
            <Badge
              size="xs"
              variant="light"
              color="gray"
              style={{ flex: 'none' }}
              aria-label={t('list.installment', {
                number: entry.installment_number,
                count: entry.installment_count,
              })}
              data-testid="installment-badge"
            >
              {entry.installment_number}/{entry.installment_count}
            </Badge>
          ) : null}
          {entry.fixed ? (
            <Badge
              size="xs"
              variant="light"
              color="gray"
              style={{ flex: 'none' }}
              leftSection={<IconRepeat size={10} aria-hidden />}
              aria-label={t('list.fixedLabel')}
              data-testid="fixed-badge"
            >
              {t('list.fixed')}
            </Badge>
          ) : null}
          {tagNames.map((name) => (
            <Badge
              key={name}
              size="xs"
              variant="outline"
              color="gray"
              style={{ flex: 'none' }}
              visibleFrom="sm"
            >
              {name}
            </Badge>
          ))}
        </div>
      </UnstyledButton>

      <Box className={classes.amount}>
        <AmountText
          value={entry.value}
          operation={entry.operation_id}
          fw={650}
          fz="sm"
          data-testid="entry-amount"
          data-cents={entry.value}
        />
        <Text fz={11} c="dimmed" hiddenFrom="sm">
          {entry.paid ? t('list.paid') : t('list.unpaid')}
        </Text>
      </Box>

      <RowMenu entry={entry} actions={actions} />
    </div>
  );
});
