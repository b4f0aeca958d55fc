import {
  distributorFileName,
  salesFileName,
  type DistributorFormat,
  type ReportFormat,
  type ReportGrouping,
} from '@kino/backend/contract';
import { useRef } from 'react';
import { callForBlob } from '../../../shared/api/client';
import { saveBlob } from '../../../shared/api/download';
import { useApiQuery, useQueryClient } from '../../../shared/api/hooks';
import { useLiveEvent } from '../../../shared/live/live';
import { coversAny, weekPeriod, type Period } from '../lib/period';

interface SalesQuery {
  from: string;
  to: string;
  by: ReportGrouping;
}

interface DistributorQuery {
  film_id: number;
  week: string;
}

/** GET /api/reports/sales for a complete period (nothing is asked while `query` is undefined). */
export const useSalesReport = (query: SalesQuery | undefined) =>
  useApiQuery('GET /reports/sales', query ? { query } : undefined, {
    enabled: query !== undefined,
    placeholderData: (previous) => previous,
  });

/** The same table as a file, saved under its name with the period. */
export async function downloadSalesReport(query: SalesQuery, format: ReportFormat): Promise<void> {
  const blob = await callForBlob('GET /reports/sales', { query: { ...query, format } });
  saveBlob(blob, salesFileName(query, format));
}

/** The films shown in a distribution week (its Thursday), to pick the report's film. */
export const useWeekFilms = (week: string) =>
  useApiQuery('GET /reports/distributor/films', { query: { week } }, { placeholderData: (previous) => previous });

/** GET /api/reports/distributor: one film's week (nothing is asked until a film is picked). */
export const useDistributorReport = (query: DistributorQuery | undefined) =>
  useApiQuery('GET /reports/distributor', query ? { query } : undefined, {
    enabled: query !== undefined,
    placeholderData: (previous) => previous,
  });

/** The distributor's week as a file: the PDF to send, or the XLSX to work with. */
export async function downloadDistributorReport(query: DistributorQuery, format: DistributorFormat): Promise<void> {
  const blob = await callForBlob('GET /reports/distributor', { query: { ...query, format } });
  saveBlob(blob, distributorFileName(query.film_id, query.week, format));
}

/** A burst of sales asks again once, not once per ticket. */
const REFRESH_AFTER_MS = 250;

/** The show dates a cached report covers: a sales report its period, a distributor's report its week. */
function periodOf(queryKey: readonly unknown[]): Period | undefined {
  const [key, input] = queryKey as [string, { query?: { from?: string; to?: string; week?: string } } | undefined];
  const query = input?.query;
  if (key === 'GET /reports/sales' && query?.from && query.to) return { from: query.from, to: query.to };
  if (key === 'GET /reports/distributor' && query?.week) return weekPeriod(query.week);
  return undefined;
}

/**
 * The reports follow sales anywhere (website or till) without a reload: the staff room names the show
 * dates whose figures moved ('sales:changed'), and every report whose period covers one asks again.
 */
export function useLiveReports() {
  const queryClient = useQueryClient();
  const pending = useRef<{ dates: Set<string>; timer: ReturnType<typeof setTimeout> }>(undefined);
  useLiveEvent('sales:changed', ({ dates }) => {
    if (pending.current) {
      dates.forEach((date) => pending.current!.dates.add(date));
      return;
    }
    const batch = {
      dates: new Set(dates),
      timer: setTimeout(() => {
        pending.current = undefined;
        const moved = [...batch.dates];
        void queryClient.invalidateQueries({
          predicate: (query) => {
            const period = periodOf(query.queryKey);
            return period !== undefined && coversAny(period, moved);
          },
        });
      }, REFRESH_AFTER_MS),
    };
    pending.current = batch;
  });
}
