/** Job ids of the ticket jobs: one job per cause, whoever enqueues it and however often. */
export const ticketJobIds = {
  pdfs: (ticketIds: number[]) => `tickets-pdf-${ticketIds.join('-')}`,
  refundedPdf: (ticketId: number) => `tickets-pdf-refunded-${ticketId}`,
  refundedMail: (ticketId: number) => `mail-ticket-refunded-${ticketId}`,
  /** One registry call per ticket and action (register, refund, visit). */
  pushkin: (action: 'register' | 'refund' | 'visit', ticketId: number) => `pushkin-${action}-${ticketId}`,
  watching: (sessionId: number, edge: 'start' | 'end') => `tickets-watching-${sessionId}-${edge}`,
};
