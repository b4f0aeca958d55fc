import type { OwnTicket } from '@kino/backend/contract';
import { describe, expect, it } from 'vitest';
import {
  applyTicketChanges,
  groupBySessionDay,
  nextSort,
  sortTickets,
  ticketStatusLabel,
  watchingLabel,
} from './own-tickets';

function ticket(id: number, start: string, title: string, price: number, purchase: string): OwnTicket {
  return {
    id,
    seat_number: 'r1m1',
    price,
    zone: { code: 'standard', name: 'Стандарт' },
    ticket_type: { code: 'adult', name: 'Взрослый', check_document: false },
    purchase_date: purchase,
    is_watching: 0,
    status: 'paid',
    used_at: null,
    refunded_at: null,
    schedule: {
      id: id * 10,
      start_time: start,
      end_time: start,
      price,
      hall: { id: 1, name: 'Зал 1' },
      movie: { id: id * 100, title, age: 12, promo_img: null, poster: null },
    },
    user: { fio: 'Вера' },
    order_id: id * 1000,
    refund_status: null,
    qr: `KINO-${id}`,
    refundable_until: `${start.slice(0, 11)}00:00:00`,
    refund_cutoff_minutes: 30,
    refundable: true,
    refund_refusal: null,
  };
}

// In order of purchase, as the server lists them.
const a = ticket(1, '2031-11-22 19:30:00', 'Сталкер', 400, '2031-11-01 10:00:00');
const b = ticket(2, '2031-11-21 12:00:00', 'Зеркало', 300, '2031-11-02 10:00:00');
const c = ticket(3, '2031-11-22 12:00:00', 'Андрей Рублёв', 500, '2031-11-03 10:00:00');
const d = ticket(4, '2031-11-22 19:30:00', 'Сталкер', 400, '2031-11-04 10:00:00');
const list = [a, b, c, d];
const ids = (tickets: OwnTicket[]) => tickets.map((t) => t.id);

describe('sorting a viewer’s tickets', () => {
  it('starts unsorted, sorts a chosen field descending first, and turns the direction on the same field', () => {
    let sort = nextSort(null, 'price');
    expect(sort).toEqual({ field: 'price', direction: 'desc' });
    sort = nextSort(sort, 'price');
    expect(sort).toEqual({ field: 'price', direction: 'asc' });
    expect(nextSort(sort, 'price')).toEqual({ field: 'price', direction: 'desc' });
    expect(nextSort(sort, 'title')).toEqual({ field: 'title', direction: 'desc' });
  });

  it('keeps the server’s order without a sort, and the order of equal values with one', () => {
    expect(ids(sortTickets(list, null))).toEqual([1, 2, 3, 4]);
    expect(ids(sortTickets(list, { field: 'price', direction: 'desc' }))).toEqual([3, 1, 4, 2]);
    expect(ids(sortTickets(list, { field: 'price', direction: 'asc' }))).toEqual([2, 1, 4, 3]);
  });

  it('sorts by session time, purchase date and film title (Russian alphabet)', () => {
    expect(ids(sortTickets(list, { field: 'start_time', direction: 'desc' }))).toEqual([1, 4, 3, 2]);
    expect(ids(sortTickets(list, { field: 'purchase_date', direction: 'desc' }))).toEqual([4, 3, 2, 1]);
    expect(ids(sortTickets(list, { field: 'title', direction: 'asc' }))).toEqual([3, 2, 1, 4]);
  });
});

describe('grouping by session day', () => {
  it('puts each day’s tickets together, the days in the order of the list', () => {
    const days = groupBySessionDay(sortTickets(list, { field: 'start_time', direction: 'asc' }));
    expect(days.map((day) => [day.date, ids(day.tickets)])).toEqual([
      ['2031-11-21', [2]],
      ['2031-11-22', [3, 1, 4]],
    ]);
    expect(groupBySessionDay(list).map((day) => day.date)).toEqual(['2031-11-22', '2031-11-21']);
    expect(groupBySessionDay([])).toEqual([]);
  });
});

describe('a ticket’s state in words', () => {
  it('names the watching states 0, 1 and 2, and nothing else', () => {
    expect([0, 1, 2].map(watchingLabel)).toEqual(['Ещё не начался', 'Идёт сейчас', 'Просмотрен']);
    expect(watchingLabel(3)).toBeUndefined();
    expect(watchingLabel(-1)).toBeUndefined();
  });

  it('says paid, refunded, or used with the time of admission', () => {
    const paid = { status: 'paid' as const, used_at: null, refund_status: null };
    expect(ticketStatusLabel(paid)).toBe('Оплачен');
    expect(ticketStatusLabel({ ...paid, status: 'refunded', refund_status: 'succeeded' })).toBe('Возвращён');
    expect(ticketStatusLabel({ ...paid, used_at: '2031-11-22 19:02:41' })).toBe('Использован 22.11 в 19:02');
  });

  it('says a refund is under way until the provider confirms it, and that it refused one', () => {
    const paid = { status: 'paid' as const, used_at: null };
    expect(ticketStatusLabel({ ...paid, refund_status: 'creating' })).toBe('Возврат оформляется');
    expect(ticketStatusLabel({ ...paid, refund_status: 'pending' })).toBe('Возврат оформляется');
    expect(ticketStatusLabel({ ...paid, refund_status: 'canceled' })).toBe('Оплачен, в возврате отказано');
    // The provider confirmed: the ticket itself says refunded.
    expect(ticketStatusLabel({ status: 'refunded', used_at: null, refund_status: 'pending' })).toBe('Возвращён');
  });
});

describe('live changes', () => {
  it('updates the named tickets in place and leaves the others', () => {
    const { list: next, stale } = applyTicketChanges(list, {
      tickets: [{ id: 2, status: 'paid', is_watching: 2, used_at: '2031-11-21 11:55:00' }],
    });
    // Admitted: shown at once, and the list asked for again (the server says it is no longer refundable).
    expect(stale).toBe(true);
    expect(next[1]).toMatchObject({ id: 2, is_watching: 2, used_at: '2031-11-21 11:55:00' });
    expect(next[0]).toBe(a);
  });

  it('keeps the list when only the watching state moved', () => {
    const change = { tickets: [{ id: 2, status: 'paid' as const, is_watching: 1, used_at: null }] };
    expect(applyTicketChanges(list, change).stale).toBe(false);
  });

  it('drops a refunded ticket from the viewings but keeps it, refunded, in the profile', () => {
    const change = { tickets: [{ id: 3, status: 'refunded' as const, is_watching: 0, used_at: null }] };
    expect(ids(applyTicketChanges(list, change, { liveOnly: true }).list)).toEqual([1, 2, 4]);
    expect(applyTicketChanges(list, change).list[2]).toMatchObject({ id: 3, status: 'refunded' });
  });

  it('asks for the list again when a ticket it does not have was sold (another tab)', () => {
    const change = { tickets: [{ id: 9, status: 'paid' as const, is_watching: 0, used_at: null }] };
    expect(applyTicketChanges(list, change).stale).toBe(true);
  });
});
