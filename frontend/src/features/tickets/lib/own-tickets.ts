/**
 * The rules of a viewer's ticket lists (docs/product.md §2, "Profile" and "My viewings"), kept apart from
 * the screens so they are tested as plain functions: sorting (none, then a chosen field descending
 * first, the same field again toggles), grouping by session day, the watching state in words, the
 * refund window, and live changes folded into a fetched list.
 */
import {
  TICKET_STATUS_LABELS,
  UNSETTLED_REFUND_STATUSES,
  type OwnTicket,
  type RefundStatus,
  type TicketsChanged,
} from '@kino/backend/contract';

export type SortField = 'start_time' | 'purchase_date' | 'title' | 'price';
export type SortDirection = 'desc' | 'asc';
/** null: as the server lists them (in order of purchase). */
export type TicketSort = { field: SortField; direction: SortDirection } | null;

export const SORT_FIELDS: readonly { field: SortField; label: string }[] = [
  { field: 'start_time', label: 'Дата сеанса' },
  { field: 'purchase_date', label: 'Дата покупки' },
  { field: 'title', label: 'Фильм' },
  { field: 'price', label: 'Цена' },
];

/** A new field sorts descending first; choosing the sorted field again turns its direction. */
export function nextSort(current: TicketSort, field: SortField): TicketSort {
  if (current?.field === field) return { field, direction: current.direction === 'desc' ? 'asc' : 'desc' };
  return { field, direction: 'desc' };
}

const valueOf = (ticket: OwnTicket, field: SortField): string | number => {
  switch (field) {
    case 'start_time':
      return ticket.schedule.start_time;
    case 'purchase_date':
      return ticket.purchase_date;
    case 'title':
      return ticket.schedule.movie.title;
    case 'price':
      return ticket.price;
  }
};

const compare = (a: string | number, b: string | number) =>
  typeof a === 'number' && typeof b === 'number' ? a - b : String(a).localeCompare(String(b), 'ru');

/** A sorted copy; equal values keep the server's order. */
export function sortTickets<T extends OwnTicket>(tickets: readonly T[], sort: TicketSort): T[] {
  if (!sort) return [...tickets];
  const sign = sort.direction === 'desc' ? -1 : 1;
  return tickets
    .map((ticket, index) => ({ ticket, index }))
    .sort((a, b) => sign * compare(valueOf(a.ticket, sort.field), valueOf(b.ticket, sort.field)) || a.index - b.index)
    .map(({ ticket }) => ticket);
}

export interface TicketDay<T> {
  /** 'YYYY-MM-DD' of the sessions. */
  date: string;
  tickets: T[];
}

/** Tickets by session day, the days in the order their first ticket comes in the list. */
export function groupBySessionDay<T extends OwnTicket>(tickets: readonly T[]): TicketDay<T>[] {
  const days = new Map<string, T[]>();
  for (const ticket of tickets) {
    const date = ticket.schedule.start_time.slice(0, 10);
    days.set(date, [...(days.get(date) ?? []), ticket]);
  }
  return [...days].map(([date, list]) => ({ date, tickets: list }));
}

/** docs/product.md §4: 0 not yet shown, 1 showing now, 2 finished. Anything else is a fault. */
const WATCHING_STATES: Readonly<Record<number, string>> = {
  0: 'Ещё не начался',
  1: 'Идёт сейчас',
  2: 'Просмотрен',
};

/** The state in words, or undefined for a value that should not exist (show the serious error). */
export const watchingLabel = (value: number): string | undefined => WATCHING_STATES[value];

export const UNKNOWN_WATCHING_MESSAGE =
  'Серьёзная ошибка: у билета неизвестное состояние просмотра. Пожалуйста, обратитесь к администратору кинотеатра.';

/** A refund asked of the payment provider and not answered yet: the ticket waits for its word. */
export const isRefundUnderWay = (ticket: Pick<OwnTicket, 'status' | 'refund_status'>): boolean =>
  ticket.status === 'paid' &&
  ticket.refund_status !== null &&
  (UNSETTLED_REFUND_STATUSES as readonly RefundStatus[]).includes(ticket.refund_status);

/**
 * The ticket's state for its owner: 'Оплачен', 'Возвращён', 'Использован 22.11 в 19:02', and a refund
 * the provider has not confirmed yet ('Возврат оформляется') or refused.
 */
export function ticketStatusLabel(ticket: Pick<OwnTicket, 'status' | 'used_at' | 'refund_status'>): string {
  if (ticket.status !== 'paid') return TICKET_STATUS_LABELS[ticket.status];
  if (isRefundUnderWay(ticket)) return 'Возврат оформляется';
  if (ticket.used_at) {
    const at = ticket.used_at;
    return `Использован ${at.slice(8, 10)}.${at.slice(5, 7)} в ${at.slice(11, 16)}`;
  }
  if (ticket.refund_status === 'canceled') return 'Оплачен, в возврате отказано';
  return 'Оплачен';
}

/**
 * A push of 'tickets:changed' folded into a fetched list. `stale` is true when the push names a
 * ticket the list does not have (bought in another tab): the list is fetched again. `liveOnly`
 * (the viewings) drops tickets that are no longer live.
 */
export function applyTicketChanges<T extends OwnTicket>(
  list: readonly T[],
  { tickets: changes }: TicketsChanged,
  { liveOnly = false } = {},
): { list: T[]; stale: boolean } {
  const byId = new Map(changes.map((change) => [change.id, change]));
  const byOld = new Map(list.map((ticket) => [ticket.id, ticket]));
  // A ticket sold in another tab, or one whose state changed (used, refunded): the list is asked for
  // again, so that whether each may be refunded is the server's answer (`refundable`), not a guess here.
  const stale = changes.some((change) => {
    const old = byOld.get(change.id);
    if (!old) return change.status === 'paid';
    return old.status !== change.status || old.used_at !== change.used_at;
  });
  const next = list
    .map((ticket) => {
      const change = byId.get(ticket.id);
      return change ? { ...ticket, ...change } : ticket;
    })
    .filter((ticket) => !liveOnly || ticket.status === 'paid');
  return { list: next, stale };
}
