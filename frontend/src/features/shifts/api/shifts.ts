/** A shift's report, its close, and its PDF. */
import { shiftPdfName, type ShiftView } from '@kino/backend/contract';
import { callForBlob, queryKeyOf } from '../../../shared/api/client';
import { saveBlob } from '../../../shared/api/download';
import { invalidate, useApiMutation, useApiQuery, useQueryClient } from '../../../shared/api/hooks';

/** While a shift is open its figures move with every sale at its till: the page asks again now and then. */
const OPEN_SHIFT_REFRESH_MS = 30_000;

export const useShift = (id: number) =>
  useApiQuery(
    'GET /shifts/:id',
    { params: { id } },
    { refetchInterval: (query) => (query.state.data?.status === 'open' ? OPEN_SHIFT_REFRESH_MS : false) },
  );

export function useCloseShift(id: number) {
  const queryClient = useQueryClient();
  return useApiMutation('POST /shifts/:id/close', {
    onSuccess: (shift) => {
      queryClient.setQueryData<ShiftView>(queryKeyOf('GET /shifts/:id', { params: { id } }), shift);
      void invalidate(queryClient, 'GET /shifts', 'GET /shifts/current');
    },
    // Closed meanwhile (by a manager, in another tab): show the shift as it now is; the reason stays in the form.
    onError: () => void invalidate(queryClient, 'GET /shifts/:id'),
  });
}

/** Fetches the report's PDF and saves it as shift_{id}.pdf; throws when the download fails. */
export async function downloadShiftPdf(id: number): Promise<void> {
  saveBlob(await callForBlob('GET /shifts/:id/pdf', { params: { id } }), shiftPdfName(id));
}
