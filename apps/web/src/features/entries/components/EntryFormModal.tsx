import type { Entry } from '@centavo/shared';
import { OPERATIONS } from '@centavo/shared/constants';
import { localToday } from '@centavo/shared/dates';
import {
  Alert,
  Anchor,
  Button,
  Group,
  Modal,
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
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../app/paths.ts';
import { DialogButtons, FormModal } from '../../../components/FormModal.tsx';
import { LazyDateField as DateField } from '../../../components/LazyDateField.tsx';
import { MoneyInput } from '../../../components/MoneyInput.tsx';
import { PlanEndedMessage, planEndedText } from '../../../lib/plan-ended.tsx';
import { useAccounts } from '../../../lib/queries/accounts.ts';
import { useCategories } from '../../../lib/queries/categories.ts';
import { useTags } from '../../../lib/queries/tags.ts';
import { useMoneyFormat } from '../../../lib/use-money-format.ts';
import { useEntryForm } from '../hooks/use-entry-form.ts';
import { isTransfer } from '../lib/entry-form.ts';
import { scopeOptions } from '../lib/scope.ts';
import { AccountSelects, CategorySelects, OperationChips } from './EntryFormChoices.tsx';
import classes from './entries.module.css';
import { RefundOfField } from './RefundOfField.tsx';
import { RepeatFields } from './RepeatFields.tsx';
import { ScopeDialog } from './ScopeDialog.tsx';

export interface EntryFormModalProps {
  opened: boolean;
  onClose: () => void;
  /** The entry to edit; none for a new one. */
  entry: Entry | null;
  /** The date a new entry starts with (today, or the 1st of the viewed month). */
  defaultDate: string;
}

/** Archived accounts too: an old entry may name one (the form offers the active ones). */
const ALL_ACCOUNTS = { includeArchived: true } as const;

/** Whether two form states differ (what would be lost by closing). */
function changed(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  return JSON.stringify(a) !== JSON.stringify(b);
}

function EntryForm({
  onClose,
  onCancel,
  entry,
  defaultDate,
  dirtyRef,
}: Omit<EntryFormModalProps, 'opened'> & {
  /** Closing without saving: asks first when something was typed. */
  onCancel: () => void;
  /** Set to a function telling whether the form holds unsaved changes. */
  dirtyRef: { current: () => boolean };
}) {
  const { t } = useTranslation('entries');
  const { locale, format, currency } = useMoneyFormat();
  const accounts = useAccounts(ALL_ACCOUNTS).data?.data ?? [];
  const categories = useCategories().data?.data ?? [];
  const tags = useTags().data?.data ?? [];
  const activeAccounts = accounts.filter((a) => !a.archived || a.id === entry?.account_id);
  const entryForm = useEntryForm({
    entry,
    defaultDate,
    defaultAccountId: activeAccounts.length === 1 ? (activeAccounts[0]?.id ?? null) : null,
    categories,
    tags,
    locale,
    digits: currency.digits,
    onDone: onClose,
  });
  const { form, fieldProps } = entryForm;
  const { values } = form;
  const [initialValues] = useState(values);
  dirtyRef.current = () => changed(form.values, initialValues);
  // Paid follows a new entry's date (on up to today, off after) until the person sets it (issue 13 #19).
  const paidTouched = useRef(entryForm.editing);
  useEffect(() => {
    if (!paidTouched.current && values.date) form.setFieldValue('paid', values.date <= localToday());
  }, [values.date, form.setFieldValue]);

  return (
    <>
      <form
        onSubmit={form.handleSubmit}
        noValidate
        aria-label={t(entryForm.editing ? 'form.titleEdit' : 'form.titleNew')}
      >
        <Stack gap="md">
          {form.formError ? (
            <Alert color="red" role="alert">
              {form.formError === planEndedText() ? <PlanEndedMessage /> : form.formError}
            </Alert>
          ) : null}
          {accounts.length === 0 ? (
            <Alert color="yellow" icon={<IconInfoCircle size={18} aria-hidden />}>
              {t('form.noAccounts')}{' '}
              <Anchor component={Link} to={paths.accountList} fz="sm">
                {t('form.manageAccounts')}
              </Anchor>
            </Alert>
          ) : null}
          <OperationChips entryForm={entryForm} />
          <TextInput
            label={t('form.description')}
            placeholder={t('form.descriptionPlaceholder')}
            required
            maxLength={255}
            data-autofocus
            autoComplete="off"
            {...fieldProps('description')}
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <MoneyInput label={t('form.value')} required {...fieldProps('value')} />
            <DateField label={t('form.date')} required {...fieldProps('date', true)} />
          </SimpleGrid>
          <AccountSelects entryForm={entryForm} accounts={activeAccounts} />
          <RefundOfField entryForm={entryForm} />
          {isTransfer(values) ? null : <CategorySelects entryForm={entryForm} categories={categories} />}
          <TagsInput
            label={t('form.tags')}
            placeholder={t('form.tagsPlaceholder')}
            description={t('form.tagsHint')}
            data={tags.map((tag) => tag.name)}
            splitChars={[',']}
            maxTags={50}
            clearable
            comboboxProps={{ zIndex: 400 }}
            {...fieldProps('tags', true)}
          />
          <RepeatFields entryForm={entryForm} entry={entry} digits={currency.digits} format={format} />
          <Switch
            label={Number(values.operation_id) === OPERATIONS.income ? t('form.paidIncome') : t('form.paid')}
            checked={values.paid}
            onChange={(event) => {
              paidTouched.current = true;
              form.setFieldValue('paid', event.currentTarget.checked);
            }}
            name="paid"
            data-testid="entry-paid"
          />
          <Textarea
            label={t('form.notes')}
            autosize
            minRows={2}
            maxRows={6}
            maxLength={2000}
            {...fieldProps('notes')}
          />
          {/* Stays at the bottom of the dialog while the form scrolls: Save is always in reach (#4). */}
          <DialogButtons
            submitLabel={t('form.save')}
            submitColor="centavo.7"
            pending={entryForm.busy}
            submitTestId="entry-save"
            onCancel={onCancel}
            cancelLabel={t('form.cancel')}
            mt="xs"
            className={classes.formFooter}
          />
        </Stack>
      </form>
      {entry ? (
        <ScopeDialog
          opened={entryForm.scope.asking}
          mode="edit"
          options={scopeOptions(entry)}
          onConfirm={entryForm.scope.apply}
          onClose={entryForm.scope.cancel}
          busy={entryForm.scope.busy}
        />
      ) : null}
    </>
  );
}

/** The create/edit form in a modal; full screen below 640 px. */
export function EntryFormModal({ opened, onClose, entry, defaultDate }: EntryFormModalProps) {
  const { t } = useTranslation('entries');
  const small = useMediaQuery('(max-width: 40em)');
  const dirtyRef = useRef<() => boolean>(() => false);
  const [confirming, setConfirming] = useState(false);
  // Escape, a click outside, × and Cancel ask before throwing typed work away (issue 13 #4).
  function requestClose() {
    // Opened after the key's event has finished: the question's own Escape listener, added while React
    // renders synchronously within the same keydown, would otherwise close it at once.
    if (dirtyRef.current()) setTimeout(() => setConfirming(true));
    else onClose();
  }
  function discard() {
    setConfirming(false);
    dirtyRef.current = () => false;
    onClose();
  }
  return (
    <>
      <FormModal
        opened={opened}
        onClose={requestClose}
        title={t(entry ? 'form.titleEdit' : 'form.titleNew')}
        fullScreenOnPhone
        size="lg"
        centered={false}
        radius={small ? 0 : 'lg'}
        zIndex={300}
        transitionProps={small ? { transition: 'slide-up', duration: 160 } : undefined}
      >
        {opened ? (
          <EntryForm
            key={entry?.id ?? 'new'}
            onClose={onClose}
            onCancel={requestClose}
            entry={entry}
            defaultDate={defaultDate}
            dirtyRef={dirtyRef}
          />
        ) : null}
      </FormModal>
      <Modal
        opened={opened && confirming}
        onClose={() => setConfirming(false)}
        title={t('form.discardTitle')}
        zIndex={500}
        size="sm"
        centered
        data-testid="discard-dialog"
      >
        <Text fz="sm">{t('form.discardText')}</Text>
        <Group justify="flex-end" gap="sm" mt="md">
          <Button variant="default" onClick={() => setConfirming(false)} data-autofocus>
            {t('form.discardKeep')}
          </Button>
          <Button color="red" onClick={discard} data-testid="discard-confirm">
            {t('form.discardConfirm')}
          </Button>
        </Group>
      </Modal>
    </>
  );
}
