import type { Category, Entry, EntryScope, EntryUpdateBody, Tag } from '@centavo/shared';
import { OPERATIONS } from '@centavo/shared/constants';
import { createElement, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { budgetNotice } from '../../../lib/budget-notice.ts';
import { isPlanEnded, reportFormError } from '../../../lib/error-message.ts';
import { rulesResolver } from '../../../lib/form-rules.tsx';
import { useCards } from '../../../lib/queries/cards.ts';
import { categoryPath, offerRule } from '../../../lib/rule-offer.tsx';
import { toastSuccess } from '../../../lib/toasts.ts';
import { useAppForm } from '../../../lib/use-app-form.ts';
import { useCreateEntry } from '../api/create-entry.ts';
import { createTags } from '../api/create-tags.ts';
import { useUpdateEntry } from '../api/update-entry.ts';
import { InvoiceSaved } from '../components/InvoiceSaved.tsx';
import {
  allowsNoCategory,
  type EntryFormValues,
  emptyFormValues,
  entryFormRules,
  formValuesFromEntry,
  NO_CATEGORY,
  selectedCardId,
  splitTagLabels,
  tagsField,
  toCreateBody,
  toUpdatePatch,
} from '../lib/entry-form.ts';
import { needsScope, scopeQuery } from '../lib/scope.ts';

/** The category type an operation takes (transfers have their own, fixed category). */
export const CATEGORY_TYPE_BY_OPERATION: Record<number, Category['type']> = {
  1: 'income',
  2: 'expense',
  3: 'investment',
};

export interface EntryFormOptions {
  /** The entry to edit; none for a new one. */
  entry: Entry | null;
  /** The date a new entry starts with. */
  defaultDate: string;
  /** The account a new entry starts with (the only active one), if any. */
  defaultAccountId: number | null;
  categories: readonly Category[];
  tags: readonly Tag[];
  locale: string;
  /** Minor-unit digits of the user's currency. */
  digits: number;
  onDone: () => void;
}

/**
 * The entry form's state and what submitting does: create, or save only what changed; an entry of a
 * series asks first which entries the change applies to (`pendingPatch` until the scope is chosen).
 */
export function useEntryForm({
  entry,
  defaultDate,
  defaultAccountId,
  categories,
  tags,
  locale,
  digits,
  onDone,
}: EntryFormOptions) {
  const { t } = useTranslation(['entries', 'validation']);
  const create = useCreateEntry();
  const update = useUpdateEntry();
  const cards = useCards();
  const editing = entry !== null;
  // The form starts from the entry once; later list refreshes must not reset what is being typed.
  const [initial] = useState<EntryFormValues>(() =>
    entry
      ? formValuesFromEntry(entry, tags, locale, digits)
      : emptyFormValues({
          date: defaultDate,
          account_id: defaultAccountId === null ? null : String(defaultAccountId),
        }),
  );
  const [pendingPatch, setPendingPatch] = useState<EntryUpdateBody | null>(null);
  // One resolver per (editing, digits): a new one each render would make Mantine's setFieldValue a new
  // function each render, and the entry form's effect on it set a field, rendered and ran again, forever
  // (the page's main thread never idle while the form was open).
  const validate = useMemo(
    () =>
      rulesResolver<EntryFormValues>((values) => entryFormRules(values, editing, digits), {
        labels: (field) => `entries:fields.${field}`,
        messageFor: (field, rule, values) => {
          // A negative or zero amount is a number, just not one an entry takes: say so (issue 13 #6).
          if (field === 'value' && rule === 'regex') {
            const text = String(values.value).trim();
            const positive = text.startsWith('-') || /^[0.,]+$/.test(text);
            return {
              key: positive ? 'entries:form.amountPositive' : 'entries:form.invalidAmount',
              params: {},
            };
          }
          if (field === 'destination_account_id' && rule === 'is_not') {
            return { key: 'entries:form.sameAccount', params: {} };
          }
          return undefined;
        },
      }),
    [editing, digits],
  );
  const form = useAppForm<EntryFormValues>({
    initialValues: initial,
    validate,
    onSubmit: (values) => submit(values),
  });

  /** An input's props (`choice`: a select or switch, checked when it changes rather than on blur). */
  function fieldProps<K extends keyof EntryFormValues & string>(field: K, choice = false) {
    const props = form.getInputProps(field);
    if (!choice) return props;
    return {
      ...props,
      onChange: (value: unknown) => {
        props.onChange(value);
        form.validateField(field);
      },
    };
  }

  /**
   * A new operation keeps the category only when it is of the operation's type, or when an expense's category
   * becomes a refund's (income in the purchase's expense category, DESIGN.md §4).
   */
  function setOperation(value: string) {
    const operation = Number(value);
    const current = categories.find((c) => String(c.id) === form.values.category_id);
    form.setFieldValue('operation_id', value);
    const keepsNone = form.values.category_id === NO_CATEGORY && allowsNoCategory(operation);
    const refund = operation === OPERATIONS.income && current?.type === 'expense';
    if (!keepsNone && !refund && (!current || current.type !== CATEGORY_TYPE_BY_OPERATION[operation])) {
      form.setFieldValue('category_id', null);
      form.setFieldValue('sub_category_id', null);
    }
    if (operation !== OPERATIONS.transfer) form.setFieldValue('destination_account_id', null);
    // A card entry is never a transfer nor an investment: the card choice goes (features/cards).
    if (
      (operation === OPERATIONS.transfer || operation === OPERATIONS.investment) &&
      selectedCardId(form.values) !== null
    ) {
      form.setFieldValue('account_id', null);
    }
  }

  async function resolveTags(labels: string[]) {
    const { ids, newLabels, numericLabels } = splitTagLabels(labels, tags);
    if (numericLabels.length > 0) {
      // "2024" would be read as tag id 2024: create such labels first and send their ids.
      const created = await createTags(numericLabels);
      ids.push(...created.data.map((tag) => tag.id));
    }
    return tagsField(ids, newLabels);
  }

  /** An uncategorised entry just got a category: offer to remember it as a rule (DESIGN.md §9). */
  function offerLearning(before: Entry, after: Entry) {
    if (before.category_id !== null || after.category_id === null) return;
    offerRule({
      description: after.description,
      category_id: after.category_id,
      sub_category_id: after.sub_category_id,
      categoryLabel: categoryPath(categories, after.category_id, after.sub_category_id),
    });
  }

  /** "Entry saved", or for a card purchase the invoice it went to, with a way there (issue 23 #13e). */
  function createdMessage(created: Entry) {
    const card = cards.data?.data.find((c) => c.id === created.card_id);
    if (!card || !created.invoice_month) return t('entries:form.created');
    return createElement(InvoiceSaved, {
      cardId: card.id,
      card: card.name,
      month: created.invoice_month,
      locale,
    });
  }

  function handleError(error: unknown) {
    // The plan has ended: said inside the dialog, which stays open with what was typed (issue 23 #7).
    reportFormError(form, error, { fallbackKey: 'entries:errors.save', alert: isPlanEnded(error) });
  }

  async function submit(values: EntryFormValues) {
    try {
      const tagInput = await resolveTags(values.tags);
      if (!entry) {
        const created = await create.mutateAsync(toCreateBody(values, tagInput, digits));
        toastSuccess(createdMessage(created));
        void budgetNotice(created);
        onDone();
        return;
      }
      const patch = toUpdatePatch(entry, values, tagInput, digits);
      if (Object.keys(patch).length === 0) return onDone();
      if (needsScope(entry)) return setPendingPatch(patch);
      const updated = await update.mutateAsync({ id: entry.id, body: patch });
      toastSuccess(t('entries:form.updated'));
      void budgetNotice(updated);
      offerLearning(entry, updated);
      onDone();
    } catch (error) {
      handleError(error);
    }
  }

  async function applyScoped(scope: EntryScope) {
    if (!entry || !pendingPatch) return;
    try {
      const updated = await update.mutateAsync({
        id: entry.id,
        body: pendingPatch,
        ...scopeQuery(entry, scope),
      });
      setPendingPatch(null);
      toastSuccess(t('entries:form.updated'));
      void budgetNotice(updated);
      offerLearning(entry, updated);
      onDone();
    } catch (error) {
      setPendingPatch(null);
      handleError(error);
    }
  }

  return {
    form,
    editing,
    fieldProps,
    setOperation,
    busy: create.isPending || update.isPending,
    scope: {
      asking: pendingPatch !== null,
      busy: update.isPending,
      apply: applyScoped,
      cancel: () => setPendingPatch(null),
    },
  };
}

export type EntryForm = ReturnType<typeof useEntryForm>;
