import { useRef } from 'react';
import { invalidate, useApiQuery, useQueryClient } from '../../../shared/api/hooks';
import { useLiveEvent } from '../../../shared/live/live';

/** A burst of sales asks again once, not once per sale. */
const REFRESH_AFTER_MS = 250;

export const useDashboard = () => useApiQuery('GET /dashboard');
export const useSales = () => useApiQuery('GET /dashboard/sales');

/** A sale becomes overdue for ЕАИС by the clock alone (an hour unreported): the panel asks again each minute. */
const EAIS_REFRESH_MS = 60_000;

/** How reporting to ЕАИС stands (for the roles that see the reports). */
export const useEais = () => useApiQuery('GET /dashboard/eais', undefined, { refetchInterval: EAIS_REFRESH_MS });

/** The dashboard follows every change anywhere: the staff room's push makes it ask again. */
export function useLiveDashboard() {
  const queryClient = useQueryClient();
  const pending = useRef<ReturnType<typeof setTimeout>>(undefined);
  useLiveEvent('dashboard:changed', () => {
    if (pending.current) return;
    pending.current = setTimeout(() => {
      pending.current = undefined;
      void invalidate(queryClient, 'GET /dashboard', 'GET /dashboard/sales', 'GET /dashboard/eais');
    }, REFRESH_AFTER_MS);
  });
}
