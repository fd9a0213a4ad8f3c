import { RULE_FIELDS, RULE_OPS_BY_FIELD } from '@centavo/shared/contracts/rules';
import { ActionIcon, Group, MultiSelect, Paper, Select, TagsInput, TextInput } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { MoneyInput } from '../../../components/MoneyInput.tsx';
import type { ConditionValues } from '../rule-form.ts';
import { withField } from '../rule-form.ts';

export interface IdChoice {
  value: string;
  label: string;
}

/**
 * One condition of the rule form: the field, its operator and the value the operator takes — text (a pattern
 * for `matches`), an amount, a range, a list (Enter after each), or the user's accounts, cards, operations.
 */
export function ConditionFields({
  index,
  condition,
  onChange,
  onRemove,
  choices,
}: {
  index: number;
  condition: ConditionValues;
  onChange: (next: ConditionValues) => void;
  onRemove: (() => void) | null;
  choices: { account_id: IdChoice[]; card_id: IdChoice[]; operation_id: IdChoice[] };
}) {
  const { t } = useTranslation('ledger');
  const n = index + 1;
  const label = (key: string) => `${t(key)} ${n}`;
  const set = (patch: Partial<ConditionValues>) => onChange({ ...condition, ...patch });
  const { field, op } = condition;
  let value: React.ReactNode;
  if (field === 'description') {
    value =
      op === 'one_of' ? (
        <TagsInput
          label={label('rules.form.value')}
          description={t('rules.form.valuesHint')}
          value={condition.list}
          onChange={(list) => set({ list })}
          maxLength={200}
        />
      ) : (
        <TextInput
          label={label('rules.form.value')}
          description={op === 'matches' ? t('rules.form.patternHint') : undefined}
          value={condition.text}
          onChange={(event) => set({ text: event.currentTarget.value })}
          maxLength={200}
          autoComplete="off"
          name={`conditions.${index}.text`}
        />
      );
  } else if (field === 'value') {
    value =
      op === 'between' ? (
        <Group grow gap="xs" align="flex-start">
          <MoneyInput
            label={label('rules.form.valueMin')}
            value={condition.min}
            onChange={(min) => set({ min })}
          />
          <MoneyInput
            label={label('rules.form.valueMax')}
            value={condition.max}
            onChange={(max) => set({ max })}
          />
        </Group>
      ) : op === 'one_of' ? (
        <TagsInput
          label={label('rules.form.value')}
          description={t('rules.form.valuesHint')}
          value={condition.list}
          onChange={(list) => set({ list })}
        />
      ) : (
        <MoneyInput
          label={label('rules.form.value')}
          value={condition.text}
          onChange={(text) => set({ text })}
        />
      );
  } else {
    const data = choices[field];
    value =
      op === 'one_of' ? (
        <MultiSelect
          label={label('rules.form.value')}
          data={data}
          value={condition.list}
          onChange={(list) => set({ list })}
        />
      ) : (
        <Select
          label={label('rules.form.value')}
          data={data}
          value={condition.text || null}
          onChange={(text) => set({ text: text ?? '' })}
          allowDeselect={false}
        />
      );
  }
  return (
    <Paper withBorder radius="md" p="sm" data-testid="rule-condition">
      <Group align="flex-end" gap="xs" wrap="wrap">
        <Select
          label={label('rules.form.field')}
          data={RULE_FIELDS.map((f) => ({ value: f, label: t(`rules.fields.${f}`) }))}
          value={field}
          onChange={(next) => next && onChange(withField(condition, next as ConditionValues['field']))}
          allowDeselect={false}
          w={{ base: '100%', xs: 150 }}
        />
        <Select
          label={label('rules.form.op')}
          data={RULE_OPS_BY_FIELD[field].map((o) => ({ value: o, label: t(`rules.ops.${o}`) }))}
          value={op}
          onChange={(next) => next && set({ op: next as ConditionValues['op'] })}
          allowDeselect={false}
          w={{ base: '100%', xs: 190 }}
        />
        {onRemove ? (
          <ActionIcon
            variant="subtle"
            color="red"
            size="lg"
            aria-label={t('rules.form.removeCondition', { n })}
            onClick={onRemove}
          >
            <IconTrash size={18} aria-hidden />
          </ActionIcon>
        ) : null}
      </Group>
      <div style={{ marginTop: 8 }}>{value}</div>
    </Paper>
  );
}
