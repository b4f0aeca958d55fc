import { useApiQuery } from '../api/hooks';

/** GET /api/ticket-types: Взрослый, Детский, … with their rules and whether the door checks a document. */
export const useTicketTypes = () => useApiQuery('GET /ticket-types', undefined, { staleTime: 5 * 60_000 });
