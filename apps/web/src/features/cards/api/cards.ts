import type {
  AnticipateResponse,
  Card,
  CardCreateBody,
  CardUpdateBody,
  Entry,
  Invoice,
} from '@centavo/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { invalidateAfterCardChange } from '../../../lib/queries/cards.ts';

function useCardMutation<A, R>(fn: (args: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => invalidateAfterCardChange(queryClient) });
}

export const useCreateCard = () =>
  useCardMutation((body: CardCreateBody) => apiRequest<Card>('/card', { method: 'POST', body }));

export const useUpdateCard = () =>
  useCardMutation(({ id, body }: { id: number; body: CardUpdateBody }) =>
    apiRequest<Card>(`/card/${id}`, { method: 'PUT', body }),
  );

export const useDeleteCard = () =>
  useCardMutation(({ id, deleteEntries }: { id: number; deleteEntries: boolean }) =>
    apiRequest<null>(`/card/${id}`, {
      method: 'DELETE',
      query: { delete_entries: deleteEntries ? 'true' : undefined },
    }),
  );

export const useInvoiceDates = () =>
  useCardMutation(
    ({ id, body }: { id: number; body: { close_date: string | null; due_date: string | null } }) =>
      apiRequest<Invoice>(`/invoice/${id}`, { method: 'PUT', body }),
  );

/** Moves one card entry to the previous or next invoice (PUT /entry/{id} with invoice_month). */
/** POST /entry/{id}/anticipate: the purchase's later installments come into the open invoice. */
export const useAnticipateInstallments = () =>
  useCardMutation((id: number) =>
    apiRequest<AnticipateResponse>(`/entry/${id}/anticipate`, { method: 'POST' }),
  );

export const useMoveEntry = () =>
  useCardMutation(({ id, month }: { id: number; month: string }) =>
    apiRequest<Entry>(`/entry/${id}`, {
      method: 'PUT',
      body: { invoice_month: month },
      query: { scope: 'one' },
    }),
  );
