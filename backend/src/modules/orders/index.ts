/** What other parts of Kino (the workers) use of orders. */
export { expireOrder } from './expire-order';
export { ticketItemText } from './receipt';
export { reconcileOrders } from './reconcile';
export { refundRefusedPushkinTicket } from './pushkin-refusal';
