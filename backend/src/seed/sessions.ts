/**
 * The programme from today to today+7 (cinema dates): every hall that has no session on one of
 * those days gets that day's programme and the tickets already sold for it. Running the seed on a
 * later day adds the new days and never duplicates a day.
 */
import { and, gte, lt } from 'drizzle-orm';
import { addDays, fromCinemaTime, toCinemaDate } from '../contract/time';
import { schema, type Db } from '../db';
import { planHallDay, type PlannedSession, type ProgrammeFilm } from './programme';
import { planTickets, type PlannedPurchase } from './tickets';

/** Today and the next seven days. */
export const PROGRAMME_DAYS = 8;
const ORDER_BATCH = 200;

export interface ProgrammeInput {
  now: Date;
  /** Hall ids in order: the first is the IMAX hall. */
  halls: readonly number[];
  films: readonly ProgrammeFilm[];
  /** Viewers who buy tickets at random. */
  buyers: readonly number[];
  /** The demo viewer: tickets for a show that ended today and for one tomorrow evening. */
  viewer: number;
}

export async function ensureProgramme(db: Db, input: ProgrammeInput): Promise<{ sessions: number; tickets: number }> {
  const today = toCinemaDate(input.now);
  const dates = Array.from({ length: PROGRAMME_DAYS }, (_, i) => addDays(today, i));
  const scheduled = await scheduledHallDays(db, today, addDays(today, PROGRAMME_DAYS));
  const planned: (PlannedSession & { hallId: number })[] = [];
  for (const date of dates) {
    input.halls.forEach((hallId, hallIndex) => {
      if (scheduled.has(`${hallId}|${date}`)) return;
      planned.push(...planHallDay(date, hallIndex, input.films).map((s) => ({ ...s, hallId })));
    });
  }
  if (planned.length === 0) return { sessions: 0, tickets: 0 };

  const sessions = await db.insert(schema.sessions).values(planned).returning({
    id: schema.sessions.id,
    hallId: schema.sessions.hallId,
    startTime: schema.sessions.startTime,
    endTime: schema.sessions.endTime,
    price: schema.sessions.price,
  });
  // The viewer's history: the earliest show that has ended, and the second hall's first show from 19:00 tomorrow.
  const ended = sessions.filter((s) => s.endTime <= input.now).sort((a, b) => +a.startTime - +b.startTime)[0];
  const [evening, midnight] = [
    fromCinemaTime(`${addDays(today, 1)} 19:00`),
    fromCinemaTime(`${addDays(today, 2)} 00:00`),
  ];
  const upcoming = sessions
    .filter((s) => s.hallId === input.halls[1] && s.startTime >= evening && s.startTime < midnight)
    .sort((a, b) => +a.startTime - +b.startTime)[0];
  const purchases: PlannedPurchase[] = sessions.flatMap((s) =>
    planTickets(
      s,
      input.buyers,
      input.now,
      s === ended || s === upcoming ? { userId: input.viewer, seats: s === ended ? 2 : 3 } : undefined,
    ),
  );
  for (let i = 0; i < purchases.length; i += ORDER_BATCH)
    await insertPaidOrders(db, purchases.slice(i, i + ORDER_BATCH));
  return { sessions: sessions.length, tickets: purchases.reduce((n, p) => n + p.seats.length, 0) };
}

/** Each purchase as a paid order with its tickets and its audit entry (paid without a provider payment). */
async function insertPaidOrders(db: Db, purchases: PlannedPurchase[]): Promise<void> {
  const orders = await db
    .insert(schema.orders)
    .values(
      purchases.map((p) => ({
        userId: p.userId,
        channel: 'web' as const,
        sessionId: p.sessionId,
        status: 'paid' as const,
        totalKopecks: p.priceKopecks * p.seats.length,
        expiresAt: p.purchaseDate,
        paidAt: p.purchaseDate,
        createdAt: p.purchaseDate,
      })),
    )
    .returning({ id: schema.orders.id });
  await db.insert(schema.orderEvents).values(
    orders.map((o, i) => ({
      orderId: o.id,
      action: 'paid' as const,
      channel: 'web' as const,
      reason: 'Демонстрационные данные',
      createdAt: purchases[i]!.purchaseDate,
    })),
  );
  await db.insert(schema.tickets).values(
    purchases.flatMap((p, i) =>
      p.seats.map((seatNumber) => ({
        orderId: orders[i]!.id,
        sessionId: p.sessionId,
        userId: p.userId,
        seatNumber,
        priceKopecks: p.priceKopecks,
        basePriceKopecks: p.priceKopecks,
        purchaseDate: p.purchaseDate,
        status: 'paid' as const,
        isWatching: p.isWatching,
      })),
    ),
  );
}

/** 'hallId|YYYY-MM-DD' of every hall and cinema date in [from, to) that has at least one session. */
async function scheduledHallDays(db: Db, from: string, to: string): Promise<Set<string>> {
  const rows = await db
    .select({ hallId: schema.sessions.hallId, startTime: schema.sessions.startTime })
    .from(schema.sessions)
    .where(
      and(
        gte(schema.sessions.startTime, fromCinemaTime(`${from} 00:00`)),
        lt(schema.sessions.startTime, fromCinemaTime(`${to} 00:00`)),
      ),
    );
  return new Set(rows.map((r) => `${r.hallId}|${toCinemaDate(r.startTime)}`));
}
