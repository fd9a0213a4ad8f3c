import type { Entry } from '@centavo/shared';
import { OPERATIONS } from '@centavo/shared/constants';
import { localToday } from '@centavo/shared/dates';
import { Menu } from '@mantine/core';
import {
  IconCircle,
  IconCircleCheckFilled,
  IconCreditCard,
  IconDots,
  IconPencil,
  IconRepeat,
  IconTrash,
} from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { memo, useState } from 'react';
import { amountClasses, amountTone, signedAmount } from '../../../components/AmountText.tsx';
import { formatMonthName } from '../../../lib/months.ts';
import classes from './entries.module.css';
import type { Lookups } from './lookups.ts';

const TONED_AMOUNT = `${amountClasses.money} ${amountClasses.toned}`;

export interface EntryRowActions {
  onEdit: (entry: Entry) => void;
  onDelete: (entry: Entry) => void;
  onTogglePaid: (entry: Entry) => void;
}

/** `t` of the entries namespace: the list passes its own, one language subscription instead of one per row. */
export type EntriesT = TFunction;

/** Mantine's global focus ring and press effect, kept on the plain buttons of a row. */
const BUTTON = 'mantine-focus-auto mantine-active';

/**
 * An amount as AmountText shows it (sign and tone by operation, tabular figures), as a plain span: rows
 * are rendered by the dozen on every scroll step, and AmountText reads the currency through two query
 * subscriptions per instance. The list formats with the page's one formatter instead.
 */
export function RowAmount({
  value,
  operation,
  showPlus = false,
  format,
  className,
  testId,
}: {
  value: number;
  operation?: number;
  showPlus?: boolean;
  format: (cents: number) => string;
  className?: string;
  testId: string;
}) {
  const shown = signedAmount(value, operation);
  const tone = amountTone(shown, operation);
  return (
    <span
      className={className ? `${TONED_AMOUNT} ${className}` : TONED_AMOUNT}
      data-tone={tone}
      data-testid={testId}
      data-cents={value}
    >
      {`${showPlus && shown > 0 ? '+' : ''}${format(shown)}`}
    </span>
  );
}

/**
 * The row's "⋯" menu. Until first opened it is a plain button: a Mantine Menu per row costs a popover
 * (floating position, ids, listeners) in every row that scrolls into view, which showed in scroll frames.
 */
function RowMenu({ entry, actions, t }: { entry: Entry; actions: EntryRowActions; t: EntriesT }) {
  const [mounted, setMounted] = useState(false);
  const [opened, setOpened] = useState(false);
  const trigger = (
    <button
      type="button"
      className={`${BUTTON} ${classes.iconButton}`}
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
    </button>
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

/**
 * One entry: paid toggle, description with its details, amount, and a menu (edit, delete).
 * Plain elements styled by entries.module.css (and Mantine's global utility classes), not Mantine
 * components: each of those runs its style-props machinery per instance, which was most of the time
 * between the month's data arriving and its first rows painting (docs/decisions/ledger-web.md).
 */
export const EntryRow = memo(function EntryRow({
  entry,
  lookups,
  actions,
  last,
  format,
  locale,
  t,
}: {
  entry: Entry;
  lookups: Lookups;
  actions: EntryRowActions;
  /** The last row of its day gets the rounded bottom of the day's card. */
  last: boolean;
  format: (cents: number) => string;
  locale: string;
  t: EntriesT;
}) {
  const category = entry.category_id === null ? undefined : lookups.categories.get(entry.category_id);
  const subcategory =
    entry.sub_category_id === null ? undefined : lookups.subcategories.get(entry.sub_category_id);
  const account = entry.account_id === null ? undefined : lookups.accounts.get(entry.account_id);
  const destination =
    entry.destination_account_id === null ? undefined : lookups.accounts.get(entry.destination_account_id);
  const transfer = entry.operation_id === OPERATIONS.transfer;
  const card = entry.card_id === null ? undefined : lookups.cards.get(entry.card_id);
  // An invoice payment is a transfer from an account to a card; a card purchase is paid by its invoice, so
  // it has no paid control of its own (issue 23 #1, #3).
  const invoicePayment = entry.invoice_id !== null;
  const cardPurchase = entry.card_id !== null && !invoicePayment;
  const accountText = transfer
    ? t('list.transferTo', { from: account?.name ?? '—', to: destination?.name ?? card?.name ?? '—' })
    : (account?.name ?? card?.name ?? t('list.noAccount'));
  const description =
    invoicePayment && entry.invoice_month
      ? t('list.invoicePayment', {
          month: formatMonthName(entry.invoice_month, locale),
          card: card?.name ?? '',
        })
      : entry.description;
  const categoryText = category
    ? subcategory
      ? `${category.name} › ${subcategory.name}`
      : category.name
    : t('list.noCategory');
  const tagNames = entry.tags.map((id) => lookups.tags.get(id)?.name).filter(Boolean);
  const paidLabel = t(entry.paid ? 'list.markUnpaid' : 'list.markPaid', { description: entry.description });
  const paidText = entry.paid ? t('list.paid') : t('list.unpaid');
  // Overdue (DESIGN.md §4): an expense of an account left unpaid past its date, by the local clock's today.
  const overdue =
    !entry.paid && !cardPurchase && entry.operation_id === OPERATIONS.expense && entry.date < localToday();

  return (
    <div className={last ? `${classes.entryRow} ${classes.lastOfDay}` : classes.entryRow}>
      {cardPurchase ? (
        <span
          className={`${classes.iconButton} ${classes.paidToggle} ${classes.cardMark}`}
          role="img"
          aria-label={t('list.paidByInvoice', { card: card?.name ?? '' })}
          title={t('list.paidByInvoice', { card: card?.name ?? '' })}
          data-testid="card-mark"
        >
          <IconCreditCard size={20} stroke={1.6} aria-hidden />
        </span>
      ) : (
        <button
          type="button"
          className={`${BUTTON} ${classes.iconButton} ${classes.paidToggle}`}
          onClick={() => actions.onTogglePaid(entry)}
          aria-label={paidLabel}
          title={paidText}
          data-testid="paid-toggle"
          data-paid={entry.paid}
        >
          {entry.paid ? (
            <IconCircleCheckFilled size={24} aria-hidden />
          ) : (
            <IconCircle size={24} aria-hidden />
          )}
        </button>
      )}

      <button
        type="button"
        className={`mantine-focus-auto ${classes.main}`}
        onClick={() => actions.onEdit(entry)}
        data-testid="entry-open"
      >
        <span className={classes.description} data-testid="entry-description">
          {description}
        </span>
        <span className={classes.meta}>
          <span
            className={classes.dot}
            style={{
              background:
                transfer && !invoicePayment
                  ? 'var(--mantine-color-gray-6)'
                  : (category?.color ?? FALLBACK_DOT),
            }}
            aria-hidden
          />
          <span className={classes.metaText}>
            {transfer ? accountText : `${categoryText} · ${accountText}`}
          </span>
          {entry.installment_number !== null && entry.installment_count !== null ? (
            // role="img": the short visible "1/3" is read as its full label.
            <span
              className={classes.badge}
              role="img"
              aria-label={t('list.installment', {
                number: entry.installment_number,
                count: entry.installment_count,
              })}
              data-testid="installment-badge"
            >
              {entry.installment_number}/{entry.installment_count}
            </span>
          ) : null}
          {overdue ? (
            <span
              className={`${classes.badge} ${classes.overdueBadge}`}
              role="img"
              aria-label={t('list.overdueLabel')}
              data-testid="overdue-badge"
            >
              {t('list.overdue')}
            </span>
          ) : null}
          {entry.fixed ? (
            <span
              className={classes.badge}
              role="img"
              aria-label={t('list.fixedLabel')}
              data-testid="fixed-badge"
            >
              <IconRepeat size={10} aria-hidden />
              {t('list.fixed')}
            </span>
          ) : null}
          {tagNames.map((name) => (
            <span key={name} className={`${classes.badge} ${classes.tagBadge} mantine-visible-from-sm`}>
              {name}
            </span>
          ))}
        </span>
      </button>

      <div className={classes.amount}>
        <RowAmount
          value={entry.value}
          // The payment leaves the account: it reads (and is coloured) as money spent, not as a neutral move.
          operation={invoicePayment ? OPERATIONS.expense : entry.operation_id}
          format={format}
          className={classes.entryAmount}
          testId="entry-amount"
        />
        {cardPurchase ? null : (
          <span className={`${classes.paidText} mantine-hidden-from-sm`}>{paidText}</span>
        )}
      </div>

      <RowMenu entry={entry} actions={actions} t={t} />
    </div>
  );
});
