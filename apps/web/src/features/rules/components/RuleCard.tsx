import type { Category, Rule, RuleCondition } from '@centavo/shared';
import { ActionIcon, Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconArrowDown, IconArrowUp } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

export interface RuleNames {
  categories: readonly Category[];
  accounts: ReadonlyMap<number, string>;
  cards: ReadonlyMap<number, string>;
  money: (cents: number) => string;
}

/** A condition in words: "Description contains “uber”", "Amount is between R$ 10,00 and R$ 50,00". */
export function conditionText(t: TFunction, c: RuleCondition, names: RuleNames): string {
  const one = (v: string | number): string => {
    if (c.field === 'value') return names.money(Number(v));
    if (c.field === 'account_id') return names.accounts.get(Number(v)) ?? `#${v}`;
    if (c.field === 'card_id') return names.cards.get(Number(v)) ?? `#${v}`;
    if (c.field === 'operation_id') return t(`operations.${Number(v) === 1 ? 'income' : 'expense'}`);
    return `“${v}”`;
  };
  const value = Array.isArray(c.value)
    ? c.op === 'between'
      ? t('rules.summary.valueBetween', { min: one(c.value[0] ?? 0), max: one(c.value[1] ?? 0) })
      : (c.value as Array<string | number>).map(one).join(', ')
    : one(c.value);
  return `${t(`rules.fields.${c.field}`)} ${t(`rules.ops.${c.op}`)} ${value}`;
}

/** What the rule sets, in words: "Food › Groceries · rename to “Bakery”". */
export function actionsText(t: TFunction, rule: Rule, names: RuleNames): string {
  const parts: string[] = [];
  const category = names.categories.find((c) => c.id === rule.actions.category_id);
  if (category) {
    const sub = category.subcategories.find((s) => s.id === rule.actions.sub_category_id);
    parts.push(sub ? `${category.name} › ${sub.name}` : category.name);
  }
  if (rule.actions.description)
    parts.push(t('rules.summary.description', { description: rule.actions.description }));
  if (rule.actions.operation_id) {
    const operation = t(`operations.${rule.actions.operation_id === 1 ? 'income' : 'expense'}`);
    parts.push(t('rules.summary.operation', { operation }));
  }
  return parts.join(' · ');
}

/** One rule in the list: what it looks for and sets, how often it matched, and what can be done with it. */
export function RuleCard({
  rule,
  names,
  first,
  last,
  onMove,
  onEdit,
  onTest,
  onApply,
  onDelete,
}: {
  rule: Rule;
  names: RuleNames;
  first: boolean;
  last: boolean;
  onMove: (by: -1 | 1) => void;
  onEdit: () => void;
  onTest: () => void;
  onApply: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation(['ledger', 'common']);
  const joiner = ` ${t(rule.match === 'all' ? 'rules.summary.and' : 'rules.summary.or')} `;
  return (
    <Paper component="li" withBorder radius="md" p="sm" data-testid="rule-row" data-rule-id={rule.id}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <Stack gap={4} miw={0}>
          <Group gap={6} wrap="wrap">
            <Text fw={600}>{rule.name}</Text>
            {!rule.enabled ? (
              <Badge color="gray" variant="light" tt="none" size="sm">
                {t('rules.disabled')}
              </Badge>
            ) : null}
            {rule.on_create ? (
              <Badge color="blue" variant="light" tt="none" size="sm">
                {t('rules.onCreate')}
              </Badge>
            ) : null}
          </Group>
          <Text fz="sm" style={{ overflowWrap: 'anywhere' }}>
            {t('rules.summary.when')}{' '}
            {rule.conditions.map((c) => conditionText(t, c as RuleCondition, names)).join(joiner)}
            {' → '}
            {actionsText(t, rule, names)}
          </Text>
          <Text fz="xs" c="dimmed" data-testid="rule-matched">
            {t('rules.matched', { count: rule.match_count })}
          </Text>
        </Stack>
        <Group gap={2} wrap="nowrap">
          <ActionIcon
            variant="subtle"
            size="lg"
            aria-label={t('rules.moveUp', { name: rule.name })}
            disabled={first}
            onClick={() => onMove(-1)}
          >
            <IconArrowUp size={18} aria-hidden />
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            size="lg"
            aria-label={t('rules.moveDown', { name: rule.name })}
            disabled={last}
            onClick={() => onMove(1)}
          >
            <IconArrowDown size={18} aria-hidden />
          </ActionIcon>
        </Group>
      </Group>
      <Group gap="xs" mt="xs" wrap="wrap">
        <Button
          size="compact-sm"
          variant="light"
          onClick={onEdit}
          aria-label={`${t('rules.edit')} ${rule.name}`}
        >
          {t('rules.edit')}
        </Button>
        <Button
          size="compact-sm"
          variant="light"
          onClick={onTest}
          aria-label={`${t('rules.test')} ${rule.name}`}
        >
          {t('rules.test')}
        </Button>
        <Button
          size="compact-sm"
          variant="light"
          onClick={onApply}
          aria-label={`${t('rules.apply')} ${rule.name}`}
        >
          {t('rules.apply')}
        </Button>
        <Button
          size="compact-sm"
          variant="light"
          color="red"
          onClick={onDelete}
          aria-label={`${t('rules.delete')} ${rule.name}`}
        >
          {t('rules.delete')}
        </Button>
      </Group>
    </Paper>
  );
}
