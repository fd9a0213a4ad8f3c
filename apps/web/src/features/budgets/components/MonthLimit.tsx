import { type BudgetLimitStatus, parseMoney } from '@centavo/shared';
import { Button, Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { IconEraser, IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AmountText } from '../../../components/AmountText.tsx';
import { DrillAmount } from '../../../components/DrillAmount.tsx';
import { Figure } from '../../../components/Figure.tsx';
import { IconButton } from '../../../components/IconButton.tsx';
import { formatCentsForInput, MoneyInput } from '../../../components/MoneyInput.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { toastError, toastSuccess } from '../../../lib/toasts.ts';
import { useMoneyFormat } from '../../../lib/use-money-format.ts';
import { useRemoveBudgetLimit, useSetBudgetLimit } from '../api/budgets.ts';
import { BAND_COLOR } from './band.ts';

const BAND_TEXT = {
  within: 'budget.bandWithinLimit',
  near: 'budget.bandNear',
  over: 'budget.bandOver',
} as const;

/**
 * The month's overall spending limit (issue 23), beside the category budgets: the limit, the month's spending
 * (the summary's, linked to its entries), what remains and the bar in the categories' bands; set, changed and
 * removed in place.
 */
export function MonthLimit({
  limit,
  month,
  monthLabel,
}: {
  limit: BudgetLimitStatus | null;
  month: string;
  monthLabel: string;
}) {
  const { t } = useTranslation('reports');
  const { currency, locale } = useMoneyFormat();
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const set = useSetBudgetLimit();
  const remove = useRemoveBudgetLimit();
  const title = t('budget.limitTitle');

  function startEdit() {
    setText(limit ? formatCentsForInput(limit.value, locale, currency.digits) : '');
    setError(null);
    setEditing(true);
  }
  function save() {
    const value = parseMoney(text, currency.digits);
    if (value === null || value < 0) {
      setError(t('budget.limitInvalid'));
      return;
    }
    set.mutate(
      { month, value },
      {
        onSuccess: () => {
          toastSuccess(t('budget.limitSaved'));
          setEditing(false);
        },
        onError: (e) => toastError(errorMessage(e)),
      },
    );
  }
  function erase() {
    remove.mutate(month, {
      onSuccess: () => toastSuccess(t('budget.limitRemoved')),
      onError: (e) => toastError(errorMessage(e)),
    });
  }
  const percent = limit?.percent ?? 0;
  return (
    <Paper
      withBorder
      radius="lg"
      p="md"
      component="section"
      aria-labelledby="month-limit-title"
      data-testid="month-limit"
      data-band={limit ? limit.band : 'none'}
    >
      <Stack gap={8}>
        <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
          <Stack gap={0} miw={0}>
            <Title order={3} fz="md" id="month-limit-title">
              {title}
            </Title>
            <Text fz="xs" c="dimmed">
              {t('budget.limitHint')}
            </Text>
          </Stack>
          {limit ? (
            <Group gap={4} wrap="nowrap">
              <IconButton
                label={t('budget.editLimit', { month: monthLabel })}
                color="gray"
                size="lg"
                onClick={startEdit}
              >
                <IconPencil size={18} aria-hidden />
              </IconButton>
              <IconButton
                label={t('budget.removeLimit', { month: monthLabel })}
                color="gray"
                size="lg"
                onClick={erase}
                loading={remove.isPending}
              >
                <IconEraser size={18} aria-hidden />
              </IconButton>
            </Group>
          ) : null}
        </Group>
        {editing ? (
          <Group align="flex-end" gap="xs" wrap="wrap">
            <MoneyInput
              label={t('budget.limitLabel', { month: monthLabel })}
              value={text}
              onChange={setText}
              error={error}
              autoFocus
              w={{ base: '100%', xs: 220 }}
              onKeyDown={(event) => {
                if (event.key === 'Enter') save();
                if (event.key === 'Escape') setEditing(false);
              }}
            />
            <Button onClick={save} loading={set.isPending}>
              {t('budget.save')}
            </Button>
            <Button variant="default" onClick={() => setEditing(false)}>
              {t('budget.cancel')}
            </Button>
          </Group>
        ) : null}
        {limit ? (
          <>
            <Group gap="lg" wrap="wrap">
              <Figure label={t('budget.limit')}>
                <AmountText value={limit.value} colored={false} fw={600} data-testid="limit-value" />
              </Figure>
              <Figure label={t('budget.spent')}>
                <DrillAmount
                  drill={{ month, operation_id: 2, basis: 'accrual' }}
                  value={limit.spent}
                  fw={600}
                  data-testid="limit-spent"
                />
              </Figure>
              <Figure label={t('budget.remaining')}>
                <AmountText value={limit.remaining} fw={600} data-testid="limit-remaining" />
              </Figure>
            </Group>
            <Progress
              value={Math.min(percent, 100)}
              color={BAND_COLOR[limit.band]}
              size="lg"
              radius="xl"
              aria-label={`${title}: ${t('budget.limitPercent', { percent: percent.toLocaleString(locale) })}`}
            />
            <Text fz="xs" c="dimmed" data-testid="limit-band">
              {limit.percent === null ? null : (
                <>{t('budget.limitPercent', { percent: percent.toLocaleString(locale) })} · </>
              )}
              {t(BAND_TEXT[limit.band])}
            </Text>
          </>
        ) : editing ? null : (
          <Group justify="space-between" gap="xs" wrap="wrap">
            <Text fz="sm" c="dimmed">
              {t('budget.noLimit', { month: monthLabel })}
            </Text>
            <Button variant="light" size="compact-md" onClick={startEdit}>
              {t('budget.setLimit')}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
