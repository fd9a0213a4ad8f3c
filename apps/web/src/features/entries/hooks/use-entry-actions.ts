import type { Entry, EntryScope } from '@centavo/shared';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/error-message.ts';
import { toastError, toastSuccess } from '../../../lib/toasts.ts';
import { useDeleteEntry } from '../api/delete-entry.ts';
import { useSetEntryPaid } from '../api/set-entry-paid.ts';
import type { EntryRowActions } from '../components/EntryRow.tsx';
import { needsScope, scopeQuery } from '../lib/scope.ts';

/** Which dialog of the page is open. */
export type EntryDialog =
  | { kind: 'none' }
  | { kind: 'form'; entry: Entry | null }
  | { kind: 'delete'; entry: Entry }
  | { kind: 'delete-scope'; entry: Entry };

/**
 * What the rows and the "new" button do: open the form, ask before deleting (which entries, for a series),
 * flip paid at once. `actions` keeps its identity across renders, so the memoised rows do not re-render.
 */
export function useEntryActions() {
  const { t } = useTranslation('entries');
  const setPaid = useSetEntryPaid();
  const remove = useDeleteEntry();
  const [dialog, setDialog] = useState<EntryDialog>({ kind: 'none' });
  const setPaidRef = useRef(setPaid.mutate);
  setPaidRef.current = setPaid.mutate;

  const actions: EntryRowActions = useMemo(
    () => ({
      onEdit: (entry) => setDialog({ kind: 'form', entry }),
      onDelete: (entry) => setDialog({ kind: needsScope(entry) ? 'delete-scope' : 'delete', entry }),
      onTogglePaid: (entry) =>
        setPaidRef.current(
          { id: entry.id, paid: !entry.paid },
          { onError: (error) => toastError(errorMessage(error, 'entries:errors.paid')) },
        ),
    }),
    [],
  );
  const openNew = useCallback(() => setDialog({ kind: 'form', entry: null }), []);
  const close = useCallback(() => setDialog({ kind: 'none' }), []);

  function confirmDelete(entry: Entry, scope: EntryScope) {
    remove.mutate(
      { id: entry.id, ...scopeQuery(entry, scope) },
      {
        onSuccess: () => {
          toastSuccess(t('delete.deleted'));
          close();
        },
        onError: (error) => toastError(errorMessage(error, 'entries:errors.delete')),
      },
    );
  }

  return { dialog, actions, openNew, close, confirmDelete, deleting: remove.isPending };
}
