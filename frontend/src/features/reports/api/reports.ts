import { salesFileName, type ReportFormat, type ReportGrouping } from '@kino/backend/contract';
import { callForBlob } from '../../../shared/api/client';
import { saveBlob } from '../../../shared/api/download';
import { useApiQuery } from '../../../shared/api/hooks';

interface SalesQuery {
  from: string;
  to: string;
  by: ReportGrouping;
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
