import { describe, expect, it } from 'vitest';
import { pageSchema } from '../../contract/common';
import { StaffTicketSchema } from '../../contract/tickets';
import { toCinemaDate } from '../../contract/time';
import { useTestApi } from '../../testing/api';
import { buildFilm, buildSession, buildSignedInUser, buildTicket, buildUser } from '../../testing/factories';

const api = useTestApi();
const Page = pageSchema(StaffTicketSchema);

describe('GET /api/tickets (staff)', () => {
  it('lists sold tickets with film, holder, seat, price, purchase date and status; by session, session day and holder', async () => {
    const { token } = await buildSignedInUser(api.ctx, { role: 'cashier' });
    const film = await buildFilm(api.ctx.db, { title: 'Кассовый' });
    const session = await buildSession(api.ctx.db, { filmId: film.id, startsInMinutes: 48 * 60 });
    const other = await buildSession(api.ctx.db, { startsInMinutes: 72 * 60 });
    const olga = await buildUser(api.ctx.db, { fio: 'Ольга Покупательница', email: 'olga@example.test' });
    const mine = await buildTicket(api.ctx.db, {
      sessionId: session.id,
      userId: olga.id,
      seatNumber: 'r2m2',
      priceKopecks: 38_000,
    });
    await buildTicket(api.ctx.db, { sessionId: session.id, seatNumber: 'r2m3' });
    await buildTicket(api.ctx.db, { sessionId: other.id, userId: olga.id, seatNumber: 'r3m3' });

    const bySession = Page.parse(
      (await api.t.call('GET /tickets', { query: { schedule_id: session.id } }, token)).body,
    );
    expect(bySession.total).toBe(2);
    const byHolder = Page.parse(
      (await api.t.call('GET /tickets', { query: { schedule_id: session.id, q: 'olga@' } }, token)).body,
    );
    expect(byHolder.data).toEqual([
      expect.objectContaining({
        id: mine.id,
        order_id: mine.orderId,
        seat_number: 'r2m2',
        price: 380,
        status: 'paid',
        film: { id: film.id, title: 'Кассовый' },
        user: expect.objectContaining({ fio: 'Ольга Покупательница' }),
      }),
    ]);
    const byDay = Page.parse(
      (await api.t.call('GET /tickets', { query: { date: toCinemaDate(other.startTime) } }, token)).body,
    );
    expect(byDay.data.map((t) => t.session.id)).toEqual([other.id]);
  });
});
