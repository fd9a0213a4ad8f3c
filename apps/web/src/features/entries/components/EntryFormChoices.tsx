import type { Account, Category } from '@centavo/shared';
import { invoiceMonthFor } from '@centavo/shared/cards';
import { OPERATIONS } from '@centavo/shared/constants';
import { isValidDate } from '@centavo/shared/dates';
import { Chip, Group, Select, SimpleGrid, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatMonthLong } from '../../../lib/months.ts';
import { useCards } from '../../../lib/queries/cards.ts';
import { useSubcategories } from '../../../lib/queries/categories.ts';
import { useMoneyFormat } from '../../../lib/use-money-format.ts';
import { CATEGORY_TYPE_BY_OPERATION, type EntryForm } from '../hooks/use-entry-form.ts';
import { allowsNoCategory, CARD_PREFIX, isTransfer, NO_CATEGORY, selectedCardId } from '../lib/entry-form.ts';

const OPERATION_IDS = [OPERATIONS.income, OPERATIONS.expense, OPERATIONS.investment, OPERATIONS.transfer];
const OPERATION_COLORS: Record<number, string> = { 1: 'teal', 2: 'red', 3: 'indigo', 4: 'gray' };
// Above the modal (zIndex 300).
const COMBOBOX = { zIndex: 400 } as const;

/** Income, expense, investment or transfer, as chips (a radio group). */
export function OperationChips({ entryForm }: { entryForm: EntryForm }) {
  const { t } = useTranslation('entries');
  return (
    <div role="radiogroup" aria-labelledby="entry-operation-label">
      <Text id="entry-operation-label" fz="sm" fw={500} mb={6}>
        {t('form.operation')}
      </Text>
      <Chip.Group
        multiple={false}
        value={entryForm.form.values.operation_id}
        onChange={entryForm.setOperation}
      >
        <Group gap={6}>
          {OPERATION_IDS.map((id) => (
            <Chip
              key={id}
              value={String(id)}
              color={OPERATION_COLORS[id]}
              variant="light"
              data-testid={`operation-${id}`}
            >
              {t(`operations.${id}`)}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
    </div>
  );
}

/** The account, and for a transfer the account it goes to (never the same one). */
export function AccountSelects({
  entryForm,
  accounts,
}: {
  entryForm: EntryForm;
  accounts: readonly Account[];
}) {
  const { t } = useTranslation(['entries', 'cards']);
  const { form, fieldProps } = entryForm;
  const transfer = isTransfer(form.values);
  const cards = useCards();
  const { locale } = useMoneyFormat();
  const data = accounts.map((a) => ({ value: String(a.id), label: a.name }));
  // Expenses (purchases) and income (refunds) may go on a card; transfers and investments never.
  const operation = Number(form.values.operation_id);
  const cardable = operation === OPERATIONS.expense || operation === OPERATIONS.income;
  const cardList = (cards.data?.data ?? []).filter(
    (c) => !c.archived || `${CARD_PREFIX}${c.id}` === form.values.account_id,
  );
  const choices =
    cardable && cardList.length > 0
      ? [
          { group: t('cards:entries.accountsGroup'), items: data },
          {
            group: t('cards:entries.cardsGroup'),
            items: cardList.map((c) => ({ value: `${CARD_PREFIX}${c.id}`, label: c.name })),
          },
        ]
      : data;
  const cardId = selectedCardId(form.values);
  const card = cardList.find((c) => c.id === cardId);
  // The invoice the entry lands in, from the closing rule, as the date is typed (the server stores it).
  const landing = card && isValidDate(form.values.date) ? invoiceMonthFor(card, form.values.date) : null;
  return (
    <SimpleGrid cols={{ base: 1, xs: transfer ? 2 : 1 }} spacing="md">
      <Select
        label={t(
          transfer
            ? 'form.accountFrom'
            : cardable && cardList.length > 0
              ? 'cards:entries.accountOrCard'
              : 'form.account',
        )}
        placeholder={t('form.choose')}
        data={choices}
        required
        allowDeselect={false}
        comboboxProps={COMBOBOX}
        description={
          landing ? t('cards:entries.invoiceHint', { month: formatMonthLong(landing, locale) }) : undefined
        }
        inputWrapperOrder={['label', 'input', 'description', 'error']}
        {...fieldProps('account_id', true)}
      />
      {transfer ? (
        <Select
          label={t('form.destination')}
          placeholder={t('form.choose')}
          data={data.filter((a) => a.value !== form.values.account_id)}
          required
          allowDeselect={false}
          comboboxProps={COMBOBOX}
          {...fieldProps('destination_account_id', true)}
        />
      ) : null}
    </SimpleGrid>
  );
}

/** The category of the operation's type and its subcategories (loaded when a category is chosen). */
export function CategorySelects({
  entryForm,
  categories,
}: {
  entryForm: EntryForm;
  categories: readonly Category[];
}) {
  const { t } = useTranslation('entries');
  const { form, fieldProps } = entryForm;
  const categoryId =
    form.values.category_id && form.values.category_id !== NO_CATEGORY
      ? Number(form.values.category_id)
      : null;
  const subcategories = useSubcategories(categoryId);
  const type = CATEGORY_TYPE_BY_OPERATION[Number(form.values.operation_id)];
  // Hidden categories leave the picker, except the one the entry being edited already uses (issue 13 #17).
  const ofType = (wanted: string | undefined) =>
    categories
      .filter((c) => c.type === wanted && (!c.hidden || String(c.id) === form.values.category_id))
      .map((c) => ({ value: String(c.id), label: c.name }));
  const own = [
    ...(allowsNoCategory(Number(form.values.operation_id))
      ? [{ value: NO_CATEGORY, label: t('form.categoryNone') }]
      : []),
    ...ofType(type),
  ];
  // An income may be a refund: in the purchase's expense category it lowers that spending and is never
  // income (DESIGN.md §4), so income offers the expense categories too, as their own group.
  const categoryData =
    Number(form.values.operation_id) === OPERATIONS.income
      ? [
          { group: t('form.incomeGroup'), items: own },
          { group: t('form.refundGroup'), items: ofType('expense') },
        ]
      : own;
  const subcategoryData = (subcategories.data?.data ?? []).map((s) => ({
    value: String(s.id),
    label: s.name,
  }));
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
      <Select
        label={t('form.category')}
        placeholder={t('form.choose')}
        data={categoryData}
        searchable
        required
        comboboxProps={COMBOBOX}
        {...fieldProps('category_id', true)}
        onChange={(value) => {
          form.setFieldValue('category_id', value);
          form.setFieldValue('sub_category_id', null);
        }}
      />
      <Select
        label={t('form.subcategory')}
        placeholder={categoryId ? t('form.choose') : t('form.subcategoryNone')}
        data={subcategoryData}
        searchable
        clearable
        disabled={!categoryId || subcategories.isPending || subcategoryData.length === 0}
        comboboxProps={COMBOBOX}
        {...fieldProps('sub_category_id', true)}
      />
    </SimpleGrid>
  );
}
