import type { Entry } from '@centavo/shared';
import { INSTALLMENTS_MAX, INSTALLMENTS_MIN } from '@centavo/shared/constants';
import { NumberInput, SegmentedControl, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LazyDateField as DateField } from '../../../components/LazyDateField.tsx';
import { selectOnFocus } from '../../../lib/select-on-focus.ts';
import type { EntryForm } from '../hooks/use-entry-form.ts';
import { installmentPreview, type RepeatMode } from '../lib/entry-form.ts';

function toRepeatMode(value: string): RepeatMode {
  return value === 'installments' || value === 'fixed' ? value : 'once';
}

/**
 * How a new entry repeats (once, in installments with the split previewed, every month until a date); an
 * edited entry only says which series it belongs to (a series is never re-split).
 */
export function RepeatFields({
  entryForm,
  entry,
  digits,
  format,
}: {
  entryForm: EntryForm;
  entry: Entry | null;
  digits: number;
  format: (value: number) => string;
}) {
  const { t } = useTranslation('entries');
  const { form, editing, fieldProps } = entryForm;
  const { values } = form;
  const preview =
    values.repeat === 'installments'
      ? installmentPreview(values.value, Number(values.installments), digits)
      : null;

  if (editing) {
    if (entry?.series_id === null) return null;
    return (
      <Text fz="sm" c="dimmed">
        {entry?.fixed
          ? t('form.seriesFixed')
          : t('form.seriesInstallment', {
              number: entry?.installment_number,
              count: entry?.installment_count,
            })}
      </Text>
    );
  }
  return (
    <>
      <div>
        <Text id="entry-repeat-label" fz="sm" fw={500} mb={6}>
          {t('form.repeat')}
        </Text>
        <SegmentedControl
          fullWidth
          aria-labelledby="entry-repeat-label"
          value={values.repeat}
          onChange={(value) => form.setFieldValue('repeat', toRepeatMode(value))}
          data={[
            { value: 'once', label: t('form.repeatOnce') },
            { value: 'installments', label: t('form.repeatInstallments') },
            { value: 'fixed', label: t('form.repeatFixed') },
          ]}
          data-testid="repeat"
        />
      </div>
      {values.repeat === 'installments' ? (
        <Stack gap={4}>
          <NumberInput
            label={t('form.installments')}
            min={INSTALLMENTS_MIN}
            max={INSTALLMENTS_MAX}
            allowDecimal={false}
            allowNegative={false}
            // Never rewrite what is typed ("strict" turned "12" into 22): an out-of-range count gets the
            // between-rule message on blur; focusing selects the count so typing replaces it.
            clampBehavior="none"
            {...selectOnFocus}
            {...fieldProps('installments')}
          />
          {preview ? (
            <Text fz="sm" c="dimmed" aria-live="polite" data-testid="installments-preview">
              {preview.first === preview.rest
                ? t('form.installmentsSplit', { count: preview.count, amount: format(preview.rest) })
                : t('form.installmentsSplitRemainder', {
                    first: format(preview.first),
                    rest: preview.count - 1,
                    amount: format(preview.rest),
                  })}
            </Text>
          ) : null}
        </Stack>
      ) : null}
      {values.repeat === 'fixed' ? (
        <DateField
          label={t('form.limitFixedDate')}
          description={t('form.limitFixedDateHint')}
          clearable
          {...fieldProps('limit_fixed_date', true)}
        />
      ) : null}
    </>
  );
}
