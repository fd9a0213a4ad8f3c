import type { Db } from '../../db/connection.ts';
import { inTransaction } from '../../db/transaction.ts';
import { conflict } from '../../lib/errors.ts';
import { nowIso } from '../../lib/time.ts';
import { removeInvoicePayment } from '../cards/cards.service.ts';
import { type LogRequest, recordAccountLog } from '../identity/index.ts';
import { deleteEntriesInBulk } from '../money-core/bulk-writes.ts';
import {
  claimImport,
  deleteUncommittedImport,
  findEntriesByIds,
  findImportEntryIds,
} from './import.repository.ts';
import { importOr404 } from './rows.service.ts';

/** How many edited entries the 409 names (the count says how many there are). */
const LISTED = 20;

/**
 * DELETE /import/{id} (DESIGN.md §8). A staged import (or one waiting for its mapping) is discarded with its
 * rows. A committed one is undone in one transaction: the entries it created still there are removed with
 * their effects (installment series with them), its invoice payments as `{paid: false}` would remove them;
 * unless `force`, entries edited since the commit stop it with a 409 listing them. An undone import stays in
 * the history; deleting it again changes nothing.
 */
export async function deleteImport(
  db: Db,
  userId: number,
  id: number,
  force: boolean,
  request: LogRequest,
): Promise<void> {
  await inTransaction(db, async (trx) => {
    const record = await importOr404(trx, userId, id);
    if (record.status === 'staged' || record.status === 'needs_mapping') {
      await deleteUncommittedImport(trx, userId, id);
      return;
    }
    // Claimed first (a conditional UPDATE): of two undos at once, one removes, the other finds nothing to do.
    if (!(await claimImport(trx, userId, id, 'committed', { status: 'undone', undone_at: nowIso() }))) return;
    const entries = await findEntriesByIds(trx, userId, await findImportEntryIds(trx, userId, id));
    const committedAt = record.committed_at ?? record.created_at;
    const edited = entries.filter((e) => e.updated_at > committedAt);
    if (edited.length > 0 && !force) {
      throw conflict(
        'importEntriesEdited',
        { count: edited.length },
        {
          entries: edited.slice(0, LISTED).map((e) => ({
            key: 'importEditedEntry',
            params: { date: e.date, description: e.description, id: e.id },
          })),
        },
      );
    }
    // Purchases first: a payment's removal then unpays what is left of its invoice.
    await deleteEntriesInBulk(
      trx,
      userId,
      entries.filter((e) => e.invoice_id === null),
    );
    for (const payment of entries.filter((e) => e.invoice_id !== null)) {
      await removeInvoicePayment(trx, userId, payment);
    }
    await recordAccountLog(trx, userId, 'import_undone', request, {
      import_id: id,
      file: record.file_name,
      removed: entries.length,
    });
  });
}
