import type { Account, Category, Entry, EntryScope, Tag } from '@centavo/shared';
import { OPERATIONS } from '@centavo/shared/constants';
import type { RuleSpec } from '@centavo/shared/validation/index';
import {
  Alert,
  Anchor,
  Button,
  Chip,
  Group,
  Modal,
  NumberInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  TagsInput,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconInfoCircle } from '@tabler/icons-react';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../app/paths.ts';
import { MoneyInput } from '../../../components/MoneyInput.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { useForm } from '../../../lib/form.ts';
import { useSubcategories } from '../../../lib/queries/categories.ts';
import { toastError, toastSuccess } from '../../../lib/toasts.ts';
import { useMoneyFormat } from '../../../lib/use-money-format.ts';
import { useCreateEntry } from '../api/create-entry.ts';
import { createTags } from '../api/create-tags.ts';
import { useUpdateEntry } from '../api/update-entry.ts';
import {
  type EntryFormValues,
  emptyFormValues,
  entryFormRules,
  formValuesFromEntry,
  installmentPreview,
  isTransfer,
  type RepeatMode,
  splitTagLabels,
  tagsField,
  toCreateBody,
  toUpdatePatch,
} from '../lib/entry-form.ts';
import { needsScope, scopeOptions, scopeQuery } from '../lib/scope.ts';
import { ScopeDialog } from './ScopeDialog.tsx';

function toRepeatMode(value: string): RepeatMode {
  return value === 'installments' || value === 'fixed' ? value : 'once';
}

const OPERATION_IDS = [OPERATIONS.income, OPERATIONS.expense, OPERATIONS.investment, OPERATIONS.transfer];
const OPERATION_COLORS: Record<number, string> = { 1: 'teal', 2: 'red', 3: 'indigo', 4: 'gray' };
const CATEGORY_TYPE_BY_OPERATION: Record<number, Category['type']> = {
  1: 'income',
  2: 'expense',
  3: 'investment',
};

/**
 * Rules that depend on the values (a transfer needs a destination, installments a count). The form hook
 * reads its rules when a check runs, so a live view over the latest values keeps them current.
 */
function liveRules(
  read: () => Record<string, RuleSpec>,
): Partial<Record<keyof EntryFormValues & string, RuleSpec>> {
  return new Proxy<Record<string, RuleSpec>>(
    {},
    {
      get: (_target, key) => (typeof key === 'string' ? read()[key] : undefined),
      ownKeys: () => Object.keys(read()),
      getOwnPropertyDescriptor: (_target, key) => {
        const rules = read();
        return typeof key === 'string' && key in rules
          ? { enumerable: true, configurable: true, writable: false, value: rules[key] }
          : undefined;
      },
    },
  );
}

export interface EntryFormModalProps {
  opened: boolean;
  onClose: () => void;
  /** The entry to edit; none for a new one. */
  entry: Entry | null;
  /** The date a new entry starts with (today, or the 1st of the viewed month). */
  defaultDate: string;
  accounts: readonly Account[];
  categories: readonly Category[];
  tags: readonly Tag[];
}

function EntryForm({
  onClose,
  entry,
  defaultDate,
  accounts,
  categories,
  tags,
}: Omit<EntryFormModalProps, 'opened'>) {
  const { t } = useTranslation(['entries', 'validation', 'common']);
  const { locale, format, currency } = useMoneyFormat();
  const { digits } = currency;
  const create = useCreateEntry();
  const update = useUpdateEntry();
  const editing = entry !== null;
  const activeAccounts = accounts.filter((a) => !a.archived || a.id === entry?.account_id);
  // The form starts from the entry once; later list refreshes must not reset what is being typed.
  const [initial] = useState<EntryFormValues>(() =>
    entry
      ? formValuesFromEntry(entry, tags, locale, digits)
      : emptyFormValues({
          date: defaultDate,
          account_id: activeAccounts.length === 1 ? String(activeAccounts[0]?.id) : null,
        }),
  );
  const latest = useRef<EntryFormValues>(initial);
  const rules = useMemo(
    () => liveRules(() => entryFormRules(latest.current, editing, digits)),
    [editing, digits],
  );
  const [pendingPatch, setPendingPatch] = useState<Parameters<typeof update.mutate>[0]['body'] | null>(null);

  const form = useForm<EntryFormValues>({
    initialValues: initial,
    rules,
    onSubmit: (values) => submit(values),
  });
  latest.current = form.values;
  const values = form.values;
  const transfer = isTransfer(values);
  const categoryId = values.category_id ? Number(values.category_id) : null;
  const subcategories = useSubcategories(transfer ? null : categoryId);

  function errorText(field: keyof EntryFormValues & string): string | undefined {
    const error = form.errors[field];
    if (!error) return undefined;
    if (error.kind === 'server') return error.message;
    if (field === 'value' && error.failure.rule === 'regex') return t('entries:form.invalidAmount');
    if (field === 'destination_account_id' && error.failure.rule === 'is_not')
      return t('entries:form.sameAccount');
    const label = t(`entries:fields.${field}`);
    return t(`validation:rules.${error.failure.rule}`, {
      ...error.failure.params,
      field: label,
      defaultValue: t('validation:default', { field: label }),
    });
  }

  function fieldProps<K extends keyof EntryFormValues & string>(field: K, choice = false) {
    const props = choice ? form.getChoiceProps(field) : form.getInputProps(field);
    return { ...props, error: errorText(field) };
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

  function handleError(error: unknown) {
    if (isApiError(error) && error.status === 422) {
      form.setServerErrors(error.errors, Object.keys(error.errors).length ? null : error.message);
    }
    toastError(errorMessage(error, 'entries:errors.save'));
  }

  async function submit(formValues: EntryFormValues) {
    try {
      const tagInput = await resolveTags(formValues.tags);
      if (!entry) {
        await create.mutateAsync(toCreateBody(formValues, tagInput, digits));
        toastSuccess(t('entries:form.created'));
        onClose();
        return;
      }
      const patch = toUpdatePatch(entry, formValues, tagInput, digits);
      if (Object.keys(patch).length === 0) {
        onClose();
        return;
      }
      if (needsScope(entry)) {
        setPendingPatch(patch);
        return;
      }
      await update.mutateAsync({ id: entry.id, body: patch });
      toastSuccess(t('entries:form.updated'));
      onClose();
    } catch (error) {
      handleError(error);
    }
  }

  async function applyScoped(scope: EntryScope) {
    if (!entry || !pendingPatch) return;
    try {
      await update.mutateAsync({ id: entry.id, body: pendingPatch, ...scopeQuery(entry, scope) });
      setPendingPatch(null);
      toastSuccess(t('entries:form.updated'));
      onClose();
    } catch (error) {
      setPendingPatch(null);
      handleError(error);
    }
  }

  function setOperation(value: string) {
    const operation = Number(value);
    const type = CATEGORY_TYPE_BY_OPERATION[operation];
    const current = categories.find((c) => String(c.id) === form.values.category_id);
    form.setFieldValue('operation_id', value);
    if (!current || current.type !== type) {
      form.setFieldValue('category_id', null);
      form.setFieldValue('sub_category_id', null);
    }
    if (operation !== OPERATIONS.transfer) form.setFieldValue('destination_account_id', null);
  }

  const operation = Number(values.operation_id);
  const categoryType = CATEGORY_TYPE_BY_OPERATION[operation];
  const categoryData = categories
    .filter((c) => c.type === categoryType)
    .map((c) => ({ value: String(c.id), label: c.name }));
  const subcategoryData = (subcategories.data?.data ?? []).map((s) => ({
    value: String(s.id),
    label: s.name,
  }));
  const accountData = activeAccounts.map((a) => ({ value: String(a.id), label: a.name }));
  const destinationData = accountData.filter((a) => a.value !== values.account_id);
  const installmentCount = Number(values.installments);
  const preview =
    values.repeat === 'installments' ? installmentPreview(values.value, installmentCount, digits) : null;
  const busy = create.isPending || update.isPending;

  return (
    <>
      <form
        onSubmit={form.handleSubmit}
        noValidate
        aria-label={t(editing ? 'entries:form.titleEdit' : 'entries:form.titleNew')}
      >
        <Stack gap="md">
          {form.formError ? (
            <Alert color="red" role="alert">
              {form.formError}
            </Alert>
          ) : null}
          {accounts.length === 0 ? (
            <Alert color="yellow" icon={<IconInfoCircle size={18} aria-hidden />}>
              {t('entries:form.noAccounts')}{' '}
              <Anchor component={Link} to={paths.accountList} fz="sm">
                {t('entries:form.manageAccounts')}
              </Anchor>
            </Alert>
          ) : null}

          <div role="radiogroup" aria-labelledby="entry-operation-label">
            <Text id="entry-operation-label" fz="sm" fw={500} mb={6}>
              {t('entries:form.operation')}
            </Text>
            <Chip.Group multiple={false} value={values.operation_id} onChange={setOperation}>
              <Group gap={6}>
                {OPERATION_IDS.map((id) => (
                  <Chip
                    key={id}
                    value={String(id)}
                    color={OPERATION_COLORS[id]}
                    variant="light"
                    data-testid={`operation-${id}`}
                  >
                    {t(`entries:operations.${id}`)}
                  </Chip>
                ))}
              </Group>
            </Chip.Group>
          </div>

          <TextInput
            label={t('entries:form.description')}
            placeholder={t('entries:form.descriptionPlaceholder')}
            required
            maxLength={255}
            data-autofocus
            autoComplete="off"
            {...fieldProps('description')}
          />

          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <MoneyInput
              label={t('entries:form.value')}
              required
              {...fieldProps('value')}
              onChange={(text) => form.setFieldValue('value', text)}
            />
            <TextInput type="date" label={t('entries:form.date')} required {...fieldProps('date')} />
          </SimpleGrid>

          <SimpleGrid cols={{ base: 1, xs: transfer ? 2 : 1 }} spacing="md">
            <Select
              label={t(transfer ? 'entries:form.accountFrom' : 'entries:form.account')}
              placeholder={t('entries:form.choose')}
              data={accountData}
              required
              allowDeselect={false}
              comboboxProps={{ zIndex: 400 }}
              {...fieldProps('account_id', true)}
            />
            {transfer ? (
              <Select
                label={t('entries:form.destination')}
                placeholder={t('entries:form.choose')}
                data={destinationData}
                required
                allowDeselect={false}
                comboboxProps={{ zIndex: 400 }}
                {...fieldProps('destination_account_id', true)}
              />
            ) : null}
          </SimpleGrid>

          {transfer ? null : (
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
              <Select
                label={t('entries:form.category')}
                placeholder={t('entries:form.choose')}
                data={categoryData}
                searchable
                required
                comboboxProps={{ zIndex: 400 }}
                {...fieldProps('category_id', true)}
                onChange={(value) => {
                  form.setFieldValue('category_id', value);
                  form.setFieldValue('sub_category_id', null);
                }}
              />
              <Select
                label={t('entries:form.subcategory')}
                placeholder={categoryId ? t('entries:form.choose') : t('entries:form.subcategoryNone')}
                data={subcategoryData}
                searchable
                clearable
                disabled={!categoryId || subcategories.isPending || subcategoryData.length === 0}
                comboboxProps={{ zIndex: 400 }}
                {...fieldProps('sub_category_id', true)}
              />
            </SimpleGrid>
          )}

          <TagsInput
            label={t('entries:form.tags')}
            placeholder={t('entries:form.tagsPlaceholder')}
            description={t('entries:form.tagsHint')}
            data={tags.map((tag) => tag.name)}
            splitChars={[',']}
            maxTags={50}
            clearable
            comboboxProps={{ zIndex: 400 }}
            {...fieldProps('tags', true)}
          />

          {editing ? (
            entry?.series_id !== null ? (
              <Text fz="sm" c="dimmed">
                {entry?.fixed
                  ? t('entries:form.seriesFixed')
                  : t('entries:form.seriesInstallment', {
                      number: entry?.installment_number,
                      count: entry?.installment_count,
                    })}
              </Text>
            ) : null
          ) : (
            <div>
              <Text id="entry-repeat-label" fz="sm" fw={500} mb={6}>
                {t('entries:form.repeat')}
              </Text>
              <SegmentedControl
                fullWidth
                aria-labelledby="entry-repeat-label"
                value={values.repeat}
                onChange={(value) => form.setFieldValue('repeat', toRepeatMode(value))}
                data={[
                  { value: 'once', label: t('entries:form.repeatOnce') },
                  { value: 'installments', label: t('entries:form.repeatInstallments') },
                  { value: 'fixed', label: t('entries:form.repeatFixed') },
                ]}
                data-testid="repeat"
              />
            </div>
          )}

          {!editing && values.repeat === 'installments' ? (
            <Stack gap={4}>
              <NumberInput
                label={t('entries:form.installments')}
                min={2}
                max={420}
                allowDecimal={false}
                allowNegative={false}
                clampBehavior="strict"
                {...fieldProps('installments')}
              />
              {preview ? (
                <Text fz="sm" c="dimmed" aria-live="polite" data-testid="installments-preview">
                  {preview.first === preview.rest
                    ? t('entries:form.installmentsSplit', {
                        count: preview.count,
                        amount: format(preview.rest),
                      })
                    : t('entries:form.installmentsSplitRemainder', {
                        first: format(preview.first),
                        rest: preview.count - 1,
                        amount: format(preview.rest),
                      })}
                </Text>
              ) : null}
            </Stack>
          ) : null}

          {values.repeat === 'fixed' ? (
            <TextInput
              type="date"
              label={t('entries:form.limitFixedDate')}
              description={t('entries:form.limitFixedDateHint')}
              min={values.date}
              {...fieldProps('limit_fixed_date')}
            />
          ) : null}

          <Switch
            label={operation === OPERATIONS.income ? t('entries:form.paidIncome') : t('entries:form.paid')}
            checked={values.paid}
            onChange={(event) => form.setFieldValue('paid', event.currentTarget.checked)}
            name="paid"
            data-testid="entry-paid"
          />

          <Textarea
            label={t('entries:form.notes')}
            autosize
            minRows={2}
            maxRows={6}
            maxLength={2000}
            {...fieldProps('notes')}
          />

          <Group justify="flex-end" gap="sm" mt="xs">
            <Button variant="default" onClick={onClose}>
              {t('entries:form.cancel')}
            </Button>
            <Button variant="filled" color="centavo.7" type="submit" loading={busy} data-testid="entry-save">
              {t('entries:form.save')}
            </Button>
          </Group>
        </Stack>
      </form>
      {entry ? (
        <ScopeDialog
          opened={pendingPatch !== null}
          mode="edit"
          options={scopeOptions(entry)}
          onConfirm={applyScoped}
          onClose={() => setPendingPatch(null)}
          busy={update.isPending}
        />
      ) : null}
    </>
  );
}

/** The create/edit form in a modal; full screen below 640 px. */
export function EntryFormModal({ opened, onClose, entry, ...rest }: EntryFormModalProps) {
  const { t } = useTranslation('entries');
  const small = useMediaQuery('(max-width: 40em)');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t(entry ? 'form.titleEdit' : 'form.titleNew')}
      closeButtonProps={{ 'aria-label': t('form.close') }}
      fullScreen={small}
      size="lg"
      radius={small ? 0 : 'lg'}
      zIndex={300}
      transitionProps={small ? { transition: 'slide-up', duration: 160 } : undefined}
    >
      {opened ? <EntryForm key={entry?.id ?? 'new'} onClose={onClose} entry={entry} {...rest} /> : null}
    </Modal>
  );
}
