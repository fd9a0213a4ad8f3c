import { Button, Menu } from '@mantine/core';
import { IconDownload, IconFileSpreadsheet, IconFileTypeCsv } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ExportFormat } from '../api/export-entries.ts';

/** The header's export button (from 640 px up): CSV or XLSX of the month with its filters. */
export function ExportMenu({ onExport, busy }: { onExport: (format: ExportFormat) => void; busy: boolean }) {
  const { t } = useTranslation('entries');
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
        <Menu.Item
          leftSection={<IconFileTypeCsv size={16} aria-hidden />}
          onClick={() => onExport('csv')}
          data-testid="export-csv"
        >
          {t('actions.exportCsv')}
        </Menu.Item>
        <Menu.Item
          leftSection={<IconFileSpreadsheet size={16} aria-hidden />}
          onClick={() => onExport('xlsx')}
          data-testid="export-xlsx"
        >
          {t('actions.exportXlsx')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
