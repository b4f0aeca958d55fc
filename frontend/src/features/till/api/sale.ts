/**
 * A sale at the till (POST /api/till/orders) and its tickets to print (GET /api/till/orders/{id}/tickets
 * as an 80 mm thermal strip or A4, both PDFs), saved as a file or opened for the printer; an SBP sale
 * asked again (GET /api/till/orders/{id}) until its buyer paid the QR and the register printed the receipt.
 */
import type { TillOrder } from '@kino/backend/contract';
import { useApiMutation, useApiQuery } from '../../../shared/api/hooks';
import { callForBlob } from '../../../shared/api/client';
import { saveBlob } from '../../../shared/api/download';

export type PrintFormat = '80mm' | 'a4';

export const useTillSale = () => useApiMutation('POST /till/orders');
export const useTillRefund = () => useApiMutation('POST /till/refunds');

const ticketsPdf = (orderId: number, format: PrintFormat) =>
  callForBlob('GET /till/orders/:id/tickets', { params: { id: orderId }, query: { format } });

/** Saves the order's tickets as kino-order-{id}-{format}.pdf (the server's name for them). */
export async function downloadTillTickets(orderId: number, format: PrintFormat): Promise<void> {
  saveBlob(await ticketsPdf(orderId, format), `kino-order-${orderId}-${format}.pdf`);
}

/**
 * Opens the tickets in a new tab, where the browser's viewer prints them. The tab is opened at the click
 * (a popup blocker lets that through) and given the PDF when it arrives.
 */
export async function openTillTickets(orderId: number, format: PrintFormat): Promise<void> {
  const tab = window.open('', '_blank');
  try {
    const url = URL.createObjectURL(await ticketsPdf(orderId, format));
    if (tab) tab.location.href = url;
    else window.location.assign(url);
    window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
  } catch (err) {
    tab?.close();
    throw err;
  }
}

const SBP_POLL_MS = 2_000;

/** Still to change by itself: SBP waiting for the buyer's bank, or paid with its receipt still printing. */
export const isSettling = (order: TillOrder) =>
  order.status === 'pending' ||
  (order.payment_method === 'sbp' && order.status === 'paid' && order.fiscal === null && !order.receipt_pending);

/** A till order asked again every 2 s while it settles (SBP by QR), starting from the sale's answer. */
export const useTillOrder = (order: TillOrder) =>
  useApiQuery(
    'GET /till/orders/:id',
    { params: { id: order.id } },
    {
      initialData: order,
      staleTime: 0,
      refetchInterval: (q) => (q.state.data && isSettling(q.state.data) ? SBP_POLL_MS : false),
    },
  );
