import {
  cardExportQuerySchema,
  entryExportQuerySchema,
  errorBodySchema,
  idParamsSchema,
} from '@centavo/shared';
import { z } from 'zod';
import type { App } from '../../lib/http.ts';
import { sendSheet } from '../../lib/sheet-export.ts';
import { userToday } from '../../lib/today.ts';
import { findInvoiceEntries } from '../cards/cards.repository.ts';
import { cardOr404 } from '../cards/invoices.service.ts';
import { recordAccountLog } from '../identity/index.ts';
import { closingOf, monthFor } from '../money-core/closing.ts';
import { entriesExport, invoiceExport } from './entries.export.ts';

/**
 * Exports of entries: a filtered list (GET /entry/export) or one card invoice (GET /card/{id}/export). Both
 * live here, with the entries' cells, so the cards module never reaches into entries (STYLE.md).
 */
export async function entryExportRoutes(app: App): Promise<void> {
  app.get(
    '/entry/export',
    {
      schema: {
        summary: 'Export filtered entries as CSV or XLSX',
        operationId: 'exportEntries',
        tags: ['entries'],
        description:
          'CSV or XLSX of the filtered entries; text cells are neutralised against formula injection.',
        querystring: entryExportQuerySchema,
        response: { 200: z.string().describe('the file'), 422: errorBodySchema },
      },
    },
    async (request, reply) => {
      const { format, ...filters } = request.query;
      const name = `entries-${new Date().toISOString().slice(0, 10)}`;
      const { file, rows } = await entriesExport(
        app.db,
        request.user.id,
        request.user.languageId,
        filters,
        name,
      );
      await recordAccountLog(app.db, request.user.id, 'export', request, {
        what: 'entries',
        format,
        rows,
        filters,
      });
      return sendSheet(reply, format, file);
    },
  );

  app.get(
    '/card/:id/export',
    {
      schema: {
        summary: 'Export an invoice as CSV or XLSX',
        operationId: 'exportCardInvoice',
        tags: ['cards'],
        description: "Only that invoice's entries; text cells are neutralised against formula injection.",
        params: idParamsSchema,
        querystring: cardExportQuerySchema,
        response: {
          200: z.string().describe('the file'),
          404: errorBodySchema,
          409: errorBodySchema,
          422: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const userId = request.user.id;
      const card = await cardOr404(app.db, userId, request.params.id);
      const month =
        request.query.month ?? monthFor(await closingOf(app.db, userId, card), userToday(request.user.row));
      const { format } = request.query;
      // The invoice's entries and payments, by invoice_month, never by date.
      const entries = await findInvoiceEntries(app.db, userId, card.id, month);
      const name = `invoice-${card.id}-${month}`;
      const file = await invoiceExport(app.db, userId, request.user.languageId, entries, name);
      await recordAccountLog(app.db, userId, 'export', request, {
        what: 'invoice',
        format,
        rows: entries.length,
        filters: { card_id: card.id, month },
      });
      return sendSheet(reply, format, file);
    },
  );
}
