import type { CustomReportBody } from '@centavo/shared';
import { fetchFile, saveBlob } from '../../../lib/download.ts';

/** POST /report?format=csv|xlsx: the custom report as a file (formula-safe on the server), downloaded. */
export async function downloadReport(
  body: CustomReportBody,
  format: 'csv' | 'xlsx',
  name: string,
): Promise<void> {
  const blob = await fetchFile(`/report?format=${format}`, { method: 'POST', body });
  saveBlob(blob, `${name}.${format}`);
}
