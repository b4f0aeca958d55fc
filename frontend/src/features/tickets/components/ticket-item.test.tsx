import type { OwnTicket } from '@kino/backend/contract';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { TicketItem } from './own-tickets';

const ticket = (overrides: Partial<OwnTicket>): OwnTicket => ({
  id: 41,
  order_id: 7,
  seat_number: 'r3m5',
  price: 450,
  zone: { code: 'standard', name: 'Стандарт' },
  ticket_type: { code: 'adult', name: 'Взрослый', check_document: false },
  purchase_date: '2026-11-29 10:00:00',
  is_watching: 0,
  status: 'paid',
  used_at: null,
  refunded_at: null,
  schedule: {
    id: 3,
    start_time: '2026-11-29 19:30:00',
    end_time: '2026-11-29 21:30:00',
    price: 450,
    hall: { id: 1, name: 'Зал 1' },
    movie: { id: 9, title: 'Лето в Перми', age: 12, promo_img: null, poster: null },
  },
  user: { fio: 'Зрителева Анна' },
  refund_status: null,
  qr: 'code',
  refundable_until: '2026-11-29 19:00:00',
  refund_cutoff_minutes: 30,
  refundable: true,
  refund_refusal: null,
  ...overrides,
});

const render = (t: OwnTicket) =>
  renderToStaticMarkup(
    <MemoryRouter>
      <TicketItem ticket={t} refundable={t.refundable} onRefund={() => {}} />
    </MemoryRouter>,
  );

describe("a viewer's ticket", () => {
  it('offers the refund while the server allows it', () => {
    const html = render(ticket({}));
    expect(html).toContain('Вернуть билет');
  });

  it("says why it cannot be refunded, in the server's words, instead of the button", () => {
    const refusal = 'Вернуть билет можно не позднее чем за 30 минут до начала сеанса';
    const html = render(ticket({ refundable: false, refund_refusal: refusal }));
    expect(html).not.toContain('Вернуть билет №41');
    expect(html).toContain(refusal);
  });

  it('says nothing of refunds for a ticket already used at the door', () => {
    const html = render(
      ticket({ refundable: false, used_at: '2026-11-29 19:20:00', refund_refusal: 'Билет уже использован' }),
    );
    expect(html).not.toContain('Билет уже использован');
  });
});
