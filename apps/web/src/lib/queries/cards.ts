import type { Card, Flag, Invoice, InvoicePaidBody } from '@centavo/shared';
import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../api-client.ts';
import { queryKeys } from './keys.ts';

/** GET /card?archived=true: every card with its available limit and open invoice (navigation, forms, page). */
export function getCards(): Promise<{ data: Card[] }> {
  return apiRequest<{ data: Card[] }>('/card', { query: { archived: 'true' } });
}

export function cardsQueryOptions() {
  return queryOptions({ queryKey: queryKeys.cards.list(), queryFn: getCards });
}

export function useCards() {
  return useQuery(cardsQueryOptions());
}

/** GET /card/{id}/invoice?month=: one invoice with its entries (month null: the open invoice). */
export function getCardInvoice(cardId: number, month: string | null): Promise<Invoice> {
  return apiRequest<Invoice>(`/card/${cardId}/invoice`, { query: { month: month ?? undefined } });
}

export function useCardInvoice(cardId: number, month: string | null) {
  return useQuery({
    queryKey: queryKeys.cards.invoice(cardId, month),
    queryFn: () => getCardInvoice(cardId, month),
  });
}

/** GET /invoice/{id}: one invoice with its entries (an invoice line of the entries list, once opened). */
export function useInvoice(id: number) {
  return useQuery({
    queryKey: queryKeys.cards.invoiceById(id),
    queryFn: () => apiRequest<Invoice>(`/invoice/${id}`),
  });
}

/** GET /invoice/date/{month}: the invoices of every card due in `month` (the dashboard's "due soon"). */
export function useInvoicesDue(month: string) {
  return useQuery({
    queryKey: queryKeys.cards.due(month),
    queryFn: () => apiRequest<{ data: Invoice[] }>(`/invoice/date/${month}`),
  });
}

/** GET /flag (reference data). */
export function useFlags() {
  return useQuery({
    queryKey: queryKeys.cards.flags,
    queryFn: () => apiRequest<{ data: Flag[] }>('/flag'),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/**
 * Card writes change the card list (limits, open invoices), its invoices, and through payments the
 * accounts' balances and the entries list's invoice lines.
 */
export function invalidateAfterCardChange(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.cards.all }),
    queryClient.invalidateQueries({ queryKey: queryKeys.entries.all }),
    queryClient.invalidateQueries({ queryKey: queryKeys.accounts.all }),
  ]);
}

/** POST /invoice/{id}/paid: paying an invoice (card page, and the entries list's invoice lines). */
export function usePayInvoice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: InvoicePaidBody }) =>
      apiRequest<Invoice>(`/invoice/${id}/paid`, { method: 'POST', body }),
    onSuccess: () => invalidateAfterCardChange(queryClient),
  });
}
