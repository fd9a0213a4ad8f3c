import { Button, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { i18n } from './i18n.ts';
import { queryKeys } from './queries/keys.ts';
import { createRule } from './queries/rules.ts';
import { queryClient } from './query-client.ts';
import { toastError, toastSuccess } from './toasts.ts';

/** What was just categorised by hand: the entry's (or import row's) text and the category chosen. */
export interface RuleOfferInput {
  description: string;
  category_id: number;
  sub_category_id: number | null;
  /** "Transport › Taxi", in the interface language. */
  categoryLabel: string;
}

/** The body of the rule the offer creates: this exact text (case and accents aside) → this category. */
export function offeredRule(input: RuleOfferInput) {
  return {
    name: input.description.slice(0, 100),
    match: 'all' as const,
    conditions: [
      { field: 'description' as const, op: 'is' as const, value: input.description.slice(0, 200) },
    ],
    actions: { category_id: input.category_id, sub_category_id: input.sub_category_id },
  };
}

function OfferMessage({ input, onDone }: { input: RuleOfferInput; onDone: () => void }) {
  const [pending, setPending] = useState(false);
  const t = i18n.getFixedT(null, 'ledger');
  async function accept() {
    setPending(true);
    try {
      await createRule(offeredRule(input));
      await queryClient.invalidateQueries({ queryKey: queryKeys.rules.all });
      toastSuccess(t('rules.offer.created'));
      onDone();
    } catch {
      toastError();
      setPending(false);
    }
  }
  return (
    <Group gap="xs" wrap="wrap" data-testid="rule-offer">
      <Text fz="sm">
        {t('rules.offer.text', { description: input.description, category: input.categoryLabel })}
      </Text>
      <Button size="compact-sm" autoContrast loading={pending} onClick={accept}>
        {t('rules.offer.accept')}
      </Button>
    </Group>
  );
}

/**
 * DESIGN.md §9 "learning is offered, never silent": after the person changes the category of an imported or
 * uncategorised entry, a notice offers "Always categorise «…» as Category › Subcategory"; only accepting it
 * creates a rule (which the rules page then lists, to edit or delete). It stays until answered or closed.
 */
export function offerRule(input: RuleOfferInput): void {
  if (input.description.trim() === '') return;
  void Promise.all([import('@mantine/notifications'), i18n.loadNamespaces('ledger')]).then(
    ([{ notifications }]) => {
      const id = `rule-offer-${input.description}`;
      notifications.show({
        id,
        message: <OfferMessage input={input} onDone={() => notifications.hide(id)} />,
        color: 'blue',
        autoClose: false,
        withBorder: true,
        closeButtonProps: { 'aria-label': i18n.t('common:actions.close') },
      });
    },
  );
}

/** "Food › Groceries" from the category tree (names already in the interface language). */
export function categoryPath(
  categories: ReadonlyArray<{
    id: number;
    name: string;
    subcategories: ReadonlyArray<{ id: number; name: string }>;
  }>,
  categoryId: number,
  subCategoryId: number | null,
): string {
  const category = categories.find((c) => c.id === categoryId);
  if (!category) return '';
  const sub = category.subcategories.find((s) => s.id === subCategoryId);
  return sub ? `${category.name} › ${sub.name}` : category.name;
}
