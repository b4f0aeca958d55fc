/** What the Pushkin card's tests share: a film in the programme, a cashier on shift, a sale at the till, the registry row. */
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { PushkinVisitor } from '../../contract/pushkin';
import { schema } from '../../db';
import type { RegistryTicket } from '../../emulators/pushka';
import { buildFilm, buildSession, buildSignedInUser } from '../../testing/factories';
import type { TestApi } from '../../testing/harness';
import { until } from '../../testing/wait';

let holders = 0;
let tills = 0;

/** The helpers over the suite's API (created in its beforeAll, hence the getter). */
export function pushkinHelpers(api: () => TestApi) {
  /** Another holder each time: the registry refuses one holder two tickets for one event and time. */
  const visitor = (): PushkinVisitor => ({
    full_name: `Пушкина Анна ${['Ивановна', 'Петровна', 'Львовна', 'Олеговна', 'Юрьевна'][holders++ % 5]}`,
    phone: `+7 916 000-00-${String(10 + holders)}`,
  });

  async function pushkinSession(startsInMinutes = 600) {
    const film = await buildFilm(api().ctx.db, { title: 'Капитанская дочка', pushkinEventId: '2154873' });
    return buildSession(api().ctx.db, { filmId: film.id, startsInMinutes, price: 400 });
  }

  async function cashierOnShift() {
    const cashier = await buildSignedInUser(api().ctx, { role: 'cashier', fio: 'Ирина Кассир' });
    const open = await api().call(
      'POST /shifts/open',
      { body: { float: 1000, till: `Касса П${++tills}` } },
      cashier.token,
    );
    expect(open.status, JSON.stringify(open.body)).toBe(201);
    return cashier;
  }

  const sellAtTill = (token: string, sessionId: number, seat: string, holder: PushkinVisitor = visitor()) =>
    api().call(
      'POST /till/orders',
      {
        body: {
          schedule_id: sessionId,
          lines: [{ seat_number: seat }],
          method: 'pushkin',
          visitor: holder,
          rrn: '612345678901',
          terminal_id: 'T0012345',
        },
      },
      token,
    );

  const registryTicket = (match: (t: RegistryTicket) => boolean) =>
    api().ctx.registryEmulator.control.tickets().find(match);

  const pushkinRow = async (ticketId: number) =>
    (await api().ctx.db.select().from(schema.pushkinTickets).where(eq(schema.pushkinTickets.ticketId, ticketId)))[0];

  const waitStatus = (ticketId: number, status: string) =>
    until(
      async () => (await pushkinRow(ticketId))?.status === status,
      15_000,
      `Pushkin ticket ${ticketId} never became ${status}`,
    );

  return { visitor, pushkinSession, cashierOnShift, sellAtTill, registryTicket, pushkinRow, waitStatus };
}
