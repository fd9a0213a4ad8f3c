import type { Rule } from '@centavo/shared';
import { ruleBodySchema } from '@centavo/shared/contracts/rules';
import { Button, Checkbox, SegmentedControl, Select, Stack, Switch, Text, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { FormModal, ModalForm, NameField } from '../../../components/FormModal.tsx';
import { reportFormError } from '../../../lib/error-message.ts';
import { resolvers, zodResolver } from '../../../lib/form-rules.tsx';
import { useAccounts } from '../../../lib/queries/accounts.ts';
import { useCards } from '../../../lib/queries/cards.ts';
import { useCategories } from '../../../lib/queries/categories.ts';
import { useCreateRule } from '../../../lib/queries/rules.ts';
import { toastSuccess } from '../../../lib/toasts.ts';
import { useAppForm } from '../../../lib/use-app-form.ts';
import { useMoneyFormat } from '../../../lib/use-money-format.ts';
import { useUpdateRule } from '../api/rules.ts';
import { emptyCondition, type RuleFormValues, ruleBody, ruleFormValues } from '../rule-form.ts';
import { ConditionFields } from './ConditionFields.tsx';

function RuleForm({ rule, onDone }: { rule: Rule | null; onDone: () => void }) {
  const { t } = useTranslation(['ledger', 'common']);
  const { currency } = useMoneyFormat();
  const digits = currency.digits;
  const create = useCreateRule();
  const update = useUpdateRule();
  const categories = (useCategories().data?.data ?? []).filter(
    (c) => (c.type === 'income' || c.type === 'expense') && (!c.hidden || c.id === rule?.actions.category_id),
  );
  const accounts = useAccounts({ includeArchived: true }).data?.data ?? [];
  const cards = useCards().data?.data ?? [];
  const form = useAppForm<RuleFormValues>({
    initialValues: ruleFormValues(rule, digits),
    validate: resolvers<RuleFormValues>(
      zodResolver(ruleBodySchema, { input: (v) => ruleBody(v, digits) }),
      (v) =>
        v.category_id || v.description.trim() || v.operation_id || v.tags.length > 0
          ? {}
          : { category_id: t('rules.form.needsAction') },
    ),
    choices: ['category_id', 'sub_category_id', 'operation_id', 'match'],
    onSubmit: (values) => {
      const body = ruleBody(values, digits);
      const handlers = {
        onSuccess: (saved: Rule) => {
          toastSuccess(t(rule ? 'rules.form.savedToast' : 'rules.form.createdToast', { name: saved.name }));
          onDone();
        },
        onError: (error: Error) => reportFormError(form, error, { alert: true }),
      };
      if (rule) update.mutate({ id: rule.id, body: { ...body, priority: rule.priority } }, handlers);
      else create.mutate(body, handlers);
    },
  });
  const category = categories.find((c) => String(c.id) === form.values.category_id);
  const conditions = form.values.conditions;
  const setCondition = (i: number, next: RuleFormValues['conditions'][number]) =>
    form.setFieldValue(
      'conditions',
      conditions.map((c, j) => (j === i ? next : c)),
    );
  const choices = {
    account_id: accounts.map((a) => ({ value: String(a.id), label: a.name })),
    card_id: cards.map((c) => ({ value: String(c.id), label: c.name })),
    operation_id: [
      { value: '1', label: t('operations.income') },
      { value: '2', label: t('operations.expense') },
    ],
  };
  return (
    <ModalForm
      onSubmit={form.handleSubmit}
      label={t(rule ? 'rules.form.editTitle' : 'rules.form.createTitle')}
      error={form.formError}
      submitLabel={t(rule ? 'rules.form.submitEdit' : 'rules.form.submitCreate')}
      pending={create.isPending || update.isPending}
      onCancel={onDone}
      submitTestId="rule-submit"
    >
      <NameField
        label={t('rules.form.name')}
        placeholder={t('rules.form.namePlaceholder')}
        {...form.getInputProps('name')}
      />
      <Stack gap={6}>
        <Text component="span" fz="sm" fw={500} id="rule-match-label">
          {t('rules.form.match')}
        </Text>
        <SegmentedControl
          aria-labelledby="rule-match-label"
          fullWidth
          data={[
            { value: 'all', label: t('rules.form.matchAll') },
            { value: 'any', label: t('rules.form.matchAny') },
          ]}
          value={form.values.match}
          onChange={(value) => form.setFieldValue('match', value === 'any' ? 'any' : 'all')}
        />
      </Stack>
      <Stack gap="xs" component="fieldset" style={{ border: 0, padding: 0, margin: 0 }}>
        <Text component="legend" fz="sm" fw={500}>
          {t('rules.form.conditions')}
        </Text>
        {conditions.map((c, i) => (
          <ConditionFields
            // biome-ignore lint/suspicious/noArrayIndexKey: conditions have no id; their position is who they are.
            key={i}
            index={i}
            condition={c}
            onChange={(next) => setCondition(i, next)}
            onRemove={
              conditions.length > 1
                ? () =>
                    form.setFieldValue(
                      'conditions',
                      conditions.filter((_, j) => j !== i),
                    )
                : null
            }
            choices={choices}
          />
        ))}
        {form.errors.conditions ? (
          <Text c="red" fz="xs" role="alert">
            {form.errors.conditions}
          </Text>
        ) : null}
        <Button
          variant="light"
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={() => form.setFieldValue('conditions', [...conditions, emptyCondition()])}
          disabled={conditions.length >= 20}
          style={{ alignSelf: 'flex-start' }}
        >
          {t('rules.form.addCondition')}
        </Button>
      </Stack>
      <Stack gap="xs" component="fieldset" style={{ border: 0, padding: 0, margin: 0 }}>
        <Text component="legend" fz="sm" fw={500}>
          {t('rules.form.actions')}
        </Text>
        <Select
          label={t('rules.form.category')}
          data={categories.map((c) => ({
            value: String(c.id),
            label: `${c.name} (${t(`categoryTypes.${c.type}`)})`,
          }))}
          searchable
          clearable
          {...form.getInputProps('category_id')}
          onChange={(value) => {
            form.setFieldValue('category_id', value);
            form.setFieldValue('sub_category_id', null);
          }}
        />
        <Select
          label={t('rules.form.subcategory')}
          data={(category?.subcategories ?? []).map((s) => ({ value: String(s.id), label: s.name }))}
          disabled={!category}
          clearable
          {...form.getInputProps('sub_category_id')}
        />
        <TextInput
          label={t('rules.form.newDescription')}
          description={t('rules.form.newDescriptionHint')}
          maxLength={255}
          autoComplete="off"
          {...form.getInputProps('description')}
        />
        <Select
          label={t('rules.form.operation')}
          data={[{ value: '', label: t('rules.form.keepOperation') }, ...choices.operation_id]}
          allowDeselect={false}
          {...form.getInputProps('operation_id')}
        />
      </Stack>
      <Switch
        label={t('rules.form.enabled')}
        checked={form.values.enabled}
        onChange={(event) => form.setFieldValue('enabled', event.currentTarget.checked)}
      />
      <Checkbox
        label={t('rules.form.onCreate')}
        checked={form.values.on_create}
        onChange={(event) => form.setFieldValue('on_create', event.currentTarget.checked)}
      />
    </ModalForm>
  );
}

/** Create or edit a rule (DESIGN.md §9): conditions, then what it sets. */
export function RuleFormModal({
  opened,
  rule,
  onClose,
}: {
  opened: boolean;
  rule: Rule | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('ledger');
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={t(rule ? 'rules.form.editTitle' : 'rules.form.createTitle')}
      fullScreenOnPhone
      size="lg"
    >
      <RuleForm key={rule?.id ?? 'new'} rule={rule} onDone={onClose} />
    </FormModal>
  );
}
