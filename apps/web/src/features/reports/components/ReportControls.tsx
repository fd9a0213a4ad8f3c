import { REPORT_RANGES, type ReportBasisName, type ReportRange } from '@centavo/shared';
import { Group, Radio, Select, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';

const PRESETS = REPORT_RANGES.filter((r): r is Exclude<ReportRange, 'custom'> => r !== 'custom');

/** The report's range and basis, kept in the URL (?range=12m&basis=accrual). */
export function useReportParams(): { range: Exclude<ReportRange, 'custom'>; basis: ReportBasisName } {
  const [params] = useSearchParams();
  const range = params.get('range');
  const basis = params.get('basis');
  return {
    range: PRESETS.includes(range as (typeof PRESETS)[number]) ? (range as (typeof PRESETS)[number]) : '12m',
    basis: basis === 'cash' ? 'cash' : 'accrual',
  };
}

/** Range and basis pickers; the basis shown is always named ("by purchase date" / "by payment date"). */
export function ReportControls() {
  const { t } = useTranslation('reports');
  const [params, setParams] = useSearchParams();
  const { range, basis } = useReportParams();
  const set = (key: string, value: string) => {
    const next = new URLSearchParams(params);
    next.set(key, value);
    setParams(next, { replace: true });
  };
  return (
    <Stack gap={6}>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <Select
          label={t('range.label')}
          data={PRESETS.map((r) => ({ value: r, label: t(`range.${r}`) }))}
          value={range}
          onChange={(v) => v && set('range', v)}
          allowDeselect={false}
          w={170}
        />
        <Radio.Group label={t('basis.label')} value={basis} onChange={(v) => set('basis', v)}>
          <Group gap="md" mt={6} mih={36} wrap="wrap">
            <Radio value="accrual" label={t('basis.accrual')} />
            <Radio value="cash" label={t('basis.cash')} />
          </Group>
        </Radio.Group>
      </Group>
      <Text fz="sm" c="dimmed" data-testid="basis-note">
        {t('basis.shown', { basis: t(basis === 'cash' ? 'basis.cashLower' : 'basis.accrualLower') })}
      </Text>
    </Stack>
  );
}
