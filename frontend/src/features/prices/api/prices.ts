/**
 * The prices screen's calls: ticket types, seat zones, price cards and the rules that suggest them.
 * A write reads again what it changed (a card's rename shows in the rules; the session form reads
 * both lists).
 */
import type { ApiKey, PriceCard, PriceCardBody, PriceRule, PriceRuleBody } from '@kino/backend/contract';
import { useMutation } from '@tanstack/react-query';
import { call, type ApiError } from '../../../shared/api/client';
import { invalidate, useApiMutation, useApiQuery, useQueryClient } from '../../../shared/api/hooks';

export const useTicketTypes = () => useApiQuery('GET /ticket-types');
export const useSeatZones = () => useApiQuery('GET /seat-zones');
export const usePriceCards = () => useApiQuery('GET /price-cards');
export const usePriceRules = () => useApiQuery('GET /price-rules');

function useWrite<K extends ApiKey>(key: K, ...reads: ApiKey[]) {
  const queryClient = useQueryClient();
  return useApiMutation(key, { onSuccess: () => void invalidate(queryClient, ...reads) });
}

export const useSaveTicketType = () => useWrite('PUT /ticket-types/:code', 'GET /ticket-types');
export const useSaveSeatZone = () => useWrite('PUT /seat-zones/:code', 'GET /seat-zones');
/** Creates a card, or saves the one with this id. */
export function useSaveCard(id?: number) {
  const queryClient = useQueryClient();
  return useMutation<PriceCard, ApiError, PriceCardBody>({
    mutationFn: (body) =>
      id === undefined
        ? call('POST /price-cards', { body })
        : call('PUT /price-cards/:id', { params: { id: String(id) }, body }),
    onSuccess: () => void invalidate(queryClient, 'GET /price-cards', 'GET /schedules/admin'),
  });
}

/** Creates a rule, or saves the one with this id. */
export function useSaveRule(id?: number) {
  const queryClient = useQueryClient();
  return useMutation<PriceRule, ApiError, PriceRuleBody>({
    mutationFn: (body) =>
      id === undefined
        ? call('POST /price-rules', { body })
        : call('PUT /price-rules/:id', { params: { id: String(id) }, body }),
    onSuccess: () => void invalidate(queryClient, 'GET /price-rules'),
  });
}

export const useDeleteCard = () => useWrite('DELETE /price-cards/:id', 'GET /price-cards', 'GET /price-rules');
export const useDeleteRule = () => useWrite('DELETE /price-rules/:id', 'GET /price-rules');
