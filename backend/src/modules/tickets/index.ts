/** What other parts of Kino (the workers) use of tickets. */
export { ensureTicketPdf, ensureTicketPdfs } from './pdf-files';
export { presentTicket } from './presenter';
export { findTicketsWithRelations } from './queries';
export { advanceWatching } from './watching';
