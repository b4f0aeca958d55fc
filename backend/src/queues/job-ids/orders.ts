/** Job ids of the order jobs: one job per cause, whoever enqueues it and however often. */
export const orderJobIds = {
  expire: (orderId: number) => `order-expire-${orderId}`,
  paidMail: (orderId: number) => `mail-order-paid-${orderId}`,
  lateRefundMail: (orderId: number) => `mail-order-late-refund-${orderId}`,
};
