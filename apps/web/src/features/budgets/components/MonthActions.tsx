import { addMonths, FILL_STRATEGIES, type FillStrategy } from '@centavo/shared';
import { Button, Checkbox, Group, Menu, Modal, Select, Stack, Text } from '@mantine/core';
import { IconCopy, IconDots, IconEraser, IconHistory } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal, ModalForm } from '../../../components/FormModal.tsx';
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
  const onError = (error: unknown) => toastError(errorMessage(error));
  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button variant="default" leftSection={<IconDots size={16} aria-hidden />}>
            {t('budget.actions')}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
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
        </Menu.Dropdown>
      </Menu>
      <FormModal
        opened={dialog === 'replicate'}
        onClose={close}
        title={t('budget.replicateTitle', { month: label })}
        centered={false}
      >
        <ModalForm
          onSubmit={(event) => {
            event.preventDefault();
            replicate.mutate(
              { month, to_month: toMonth, overwrite },
              {
                onSuccess: (r) => {
                  toastSuccess(t('budget.replicated', r));
                  close();
                },
                onError,
              },
            );
          }}
          submitLabel={t('budget.replicate')}
          pending={replicate.isPending}
          onCancel={close}
          cancelLabel={t('budget.cancel')}
        >
          <Select
            label={t('budget.replicateTo')}
            data={months.map((m) => ({ value: m, label: formatMonthLong(m, locale) }))}
            value={toMonth}
            onChange={(v) => v && setToMonth(v)}
            allowDeselect={false}
          />
          <Checkbox
            label={t('budget.overwrite')}
            checked={overwrite}
            onChange={(e) => setOverwrite(e.currentTarget.checked)}
          />
        </ModalForm>
      </FormModal>
      <FormModal
        opened={dialog === 'fill'}
        onClose={close}
        title={t('budget.fillTitle', { month: label })}
        centered={false}
      >
        <ModalForm
          onSubmit={(event) => {
            event.preventDefault();
            fill.mutate(
              { month, strategy, overwrite },
              {
                onSuccess: (r) => {
                  toastSuccess(t('budget.filled', r));
                  close();
                },
                onError,
              },
            );
          }}
          submitLabel={t('budget.fill')}
          pending={fill.isPending}
          onCancel={close}
          cancelLabel={t('budget.cancel')}
        >
          <Select
            label={t('budget.strategy')}
            data={FILL_STRATEGIES.map((s) => ({ value: s, label: t(`budget.strategies.${s}`) }))}
            value={strategy}
            onChange={(v) => v && setStrategy(v as FillStrategy)}
            allowDeselect={false}
          />
          <Checkbox
            label={t('budget.overwrite')}
            checked={overwrite}
            onChange={(e) => setOverwrite(e.currentTarget.checked)}
          />
        </ModalForm>
      </FormModal>
      <Modal
        opened={dialog === 'erase'}
        onClose={close}
        title={t('budget.eraseMonthTitle', { month: label })}
      >
        <Stack>
          <Text>{t('budget.eraseMonthBody')}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('budget.cancel')}
            </Button>
            <Button
              color="red"
              loading={erase.isPending}
              onClick={() =>
                erase.mutate(month, {
                  onSuccess: () => {
                    toastSuccess(t('budget.monthErased'));
                    close();
                  },
                  onError,
                })
              }
            >
              {t('budget.eraseMonth')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
