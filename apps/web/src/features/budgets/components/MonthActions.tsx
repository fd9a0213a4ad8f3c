import { addMonths, FILL_STRATEGIES, type FillStrategy } from '@centavo/shared';
import { Checkbox, Menu, Select, Text } from '@mantine/core';
import { IconCopy, IconDots, IconEraser, IconHistory } from '@tabler/icons-react';
import { type ChangeEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal, ModalForm } from '../../../components/FormModal.tsx';
import { MenuButton } from '../../../components/MenuButton.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { formatMonthInSentence, formatMonthLong } from '../../../lib/months.ts';
import { toastError, toastSuccess } from '../../../lib/toasts.ts';
import { useEraseMonth, useFillBudgets, useReplicateBudgets } from '../api/budgets.ts';

/** Replicate to later months, fill from history, erase the month: each in a small dialog. */
export function MonthActions({ month, locale }: { month: string; locale: string }) {
  const { t } = useTranslation('reports');
  const [dialog, setDialog] = useState<'replicate' | 'fill' | 'erase' | null>(null);
  const [toMonth, setToMonth] = useState<string>(addMonths(month, 3));
  const [strategy, setStrategy] = useState<FillStrategy>('avg_3');
  const [overwrite, setOverwrite] = useState(false);
  const replicate = useReplicateBudgets();
  const fill = useFillBudgets();
  const erase = useEraseMonth();
  const label = formatMonthInSentence(month, locale);
  const open = (which: 'replicate' | 'fill' | 'erase') => {
    setToMonth(addMonths(month, 3));
    setOverwrite(false);
    setDialog(which);
  };
  const close = () => setDialog(null);
  const months = Array.from({ length: 12 }, (_, i) => addMonths(month, i + 1));
  /** What a dialog's action does when it answers: a toast with its counts, or the error's. */
  const done = (key: string) => ({
    onSuccess: (counts: unknown) => {
      toastSuccess(t(key, typeof counts === 'object' && counts !== null ? { ...counts } : {}));
      close();
    },
    onError: (error: unknown) => toastError(errorMessage(error)),
  });
  const overwriteProps = {
    label: t('budget.overwrite'),
    checked: overwrite,
    onChange: (e: ChangeEvent<HTMLInputElement>) => setOverwrite(e.currentTarget.checked),
  };
  return (
    <>
      <MenuButton label={t('budget.actions')} icon={<IconDots size={16} aria-hidden />}>
        <Menu.Item leftSection={<IconCopy size={16} aria-hidden />} onClick={() => open('replicate')}>
          {t('budget.replicate')}
        </Menu.Item>
        <Menu.Item leftSection={<IconHistory size={16} aria-hidden />} onClick={() => open('fill')}>
          {t('budget.fill')}
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item
          color="red"
          leftSection={<IconEraser size={16} aria-hidden />}
          onClick={() => open('erase')}
        >
          {t('budget.eraseMonth')}
        </Menu.Item>
      </MenuButton>
      <MonthDialog
        opened={dialog === 'replicate'}
        onClose={close}
        title={t('budget.replicateTitle', { month: label })}
        // The short verb: the title says what and the menu said where; the long label wrapped the buttons onto two
        // lines at 1280 px in Português (issue 23 #13f).
        submitLabel={t('budget.replicateSubmit')}
        pending={replicate.isPending}
        onSubmit={() => replicate.mutate({ month, to_month: toMonth, overwrite }, done('budget.replicated'))}
      >
        <Select
          label={t('budget.replicateTo')}
          data={months.map((m) => ({ value: m, label: formatMonthLong(m, locale) }))}
          value={toMonth}
          onChange={(v) => v && setToMonth(v)}
          allowDeselect={false}
        />
        <Checkbox {...overwriteProps} />
      </MonthDialog>
      <MonthDialog
        opened={dialog === 'fill'}
        onClose={close}
        title={t('budget.fillTitle', { month: label })}
        submitLabel={t('budget.fillSubmit')}
        pending={fill.isPending}
        onSubmit={() => fill.mutate({ month, strategy, overwrite }, done('budget.filled'))}
      >
        <Select
          label={t('budget.strategy')}
          data={FILL_STRATEGIES.map((s) => ({ value: s, label: t(`budget.strategies.${s}`) }))}
          value={strategy}
          onChange={(v) => v && setStrategy(v as FillStrategy)}
          allowDeselect={false}
          description={strategy === 'zero' ? undefined : t('budget.fillHint', { month: label })}
        />
        <Checkbox {...overwriteProps} />
      </MonthDialog>
      <MonthDialog
        opened={dialog === 'erase'}
        onClose={close}
        title={t('budget.eraseMonthTitle', { month: label })}
        submitLabel={t('budget.eraseMonth')}
        pending={erase.isPending}
        danger
        onSubmit={() => erase.mutate(month, done('budget.monthErased'))}
      >
        <Text>{t('budget.eraseMonthBody')}</Text>
      </MonthDialog>
    </>
  );
}

/** One of the month's actions in a small dialog: what it asks, cancel, and the action (red when it erases). */
function MonthDialog({
  opened,
  onClose,
  title,
  submitLabel,
  pending,
  danger = false,
  onSubmit,
  children,
}: {
  opened: boolean;
  onClose: () => void;
  title: string;
  submitLabel: string;
  pending: boolean;
  danger?: boolean;
  onSubmit: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation('reports');
  return (
    <FormModal opened={opened} onClose={onClose} title={title} centered={false}>
      <ModalForm
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
        }}
        submitLabel={submitLabel}
        submitColor={danger ? 'red' : undefined}
        pending={pending}
        onCancel={onClose}
        cancelLabel={t('budget.cancel')}
      >
        {children}
      </ModalForm>
    </FormModal>
  );
}
