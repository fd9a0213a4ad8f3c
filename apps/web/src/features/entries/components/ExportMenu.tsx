import { Button, Menu } from '@mantine/core';
import { IconDownload, IconFileSpreadsheet, IconFileTypeCsv } from '@tabler/icons-react';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import type { ExportFormat, ExportPeriod } from '../api/export-entries.ts';

/**
 * The header's export button (from 640 px up): CSV or XLSX of the month shown, of its whole year or of
 * everything (issue 13 #11: the landing page promises "export everything"), always with the filters.
 */
export function ExportMenu({
  onExport,
  busy,
  monthLabel,
  year,
}: {
  onExport: (format: ExportFormat, period: ExportPeriod) => void;
  busy: boolean;
  /** The month shown, as a label ("November 2026"). */
  monthLabel: string;
  year: string;
}) {
  const { t } = useTranslation('entries');
  const periods: { period: ExportPeriod; label: string; prefix: string }[] = [
    { period: 'month', label: t('actions.exportMonth', { month: monthLabel }), prefix: 'export' },
    { period: 'year', label: t('actions.exportYear', { year }), prefix: 'export-year' },
    { period: 'all', label: t('actions.exportAll'), prefix: 'export-all' },
  ];
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          variant="default"
          leftSection={<IconDownload size={18} aria-hidden />}
          loading={busy}
          data-testid="export-menu"
          visibleFrom="sm"
        >
          {t('actions.export')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {periods.map(({ period, label, prefix }, index) => (
          <Fragment key={period}>
            {index > 0 ? <Menu.Divider /> : null}
            <Menu.Label>{label}</Menu.Label>
            <Menu.Item
              leftSection={<IconFileTypeCsv size={16} aria-hidden />}
              onClick={() => onExport('csv', period)}
              aria-label={`${label} · ${t('actions.exportCsv')}`}
              data-testid={`${prefix}-csv`}
            >
              {t('actions.exportCsv')}
            </Menu.Item>
            <Menu.Item
              leftSection={<IconFileSpreadsheet size={16} aria-hidden />}
              onClick={() => onExport('xlsx', period)}
              aria-label={`${label} · ${t('actions.exportXlsx')}`}
              data-testid={`${prefix}-xlsx`}
            >
              {t('actions.exportXlsx')}
            </Menu.Item>
          </Fragment>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
