import { fetchFile, saveBlob } from '../../../lib/download.ts';

/** GET /card/{id}/export: an invoice's entries as a file, handed to the browser as a download. */
export async function exportInvoice(cardId: number, month: string, format: 'csv' | 'xlsx'): Promise<void> {
  const blob = await fetchFile(`/card/${cardId}/export?${new URLSearchParams({ month, format })}`);
  saveBlob(blob, `invoice-${month}.${format}`);
}
