/**
 * The demo's prices and one hall laid out like a real one: hall 3 has a VIP back row, a
 * row of sofas for two and two wheelchair spaces with their companions' seats in the front row; its
 * sessions sell on price cards (weekday mornings cheaper, by the rule that suggests that card); two
 * promo codes; one film under the distributor's no-discount condition. Running it again adds nothing.
 */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { DEFAULT_PLAN_SIZE, HallPlanBodySchema, type PlanSeatInput } from '../contract/plans';
import { addDays, cinemaTimeZone } from '../contract/time';
import { schema, type Db } from '../db';
import { planRows, storePlan } from '../modules/halls/plan-rows';

const { hallSeats, halls, priceCards, priceCardPrices, priceRules, promoCodes, sessions, tickets, films, orders } =
  schema;

/** Roubles per zone (adult); the other types follow their rules. */
const CARDS = {
  Вечер: { standard: 450, vip: 750, sofa: 600 },
  'Утро будней': { standard: 300, vip: 500, sofa: 400 },
} as const;
type CardName = keyof typeof CARDS;
const MORNING: CardName = 'Утро будней';

export const DEMO_PROMO_CODES = ['KINO10', 'SEMYA'] as const;

/**
 * Hall 3 as the back office's plan editor would send it, checked and stored the same way: 10 × 11,
 * row 10 VIP, row 9 five sofas for two and a standard seat at its end, wheelchair spaces at both ends
 * of row 1 with their companions' seats beside them; the best view is row 7 in the middle.
 */
async function layOut(db: Db, hallId: number): Promise<void> {
  const seats: PlanSeatInput[] = [];
  for (let row = 1; row <= DEFAULT_PLAN_SIZE.rows; row++)
    for (let place = 1; place <= DEFAULT_PLAN_SIZE.places; place++)
      seats.push({
        row,
        place,
        x: place,
        zone: row === 10 ? 'vip' : row === 9 && place <= 10 ? 'sofa' : 'standard',
        wheelchair: row === 1 && (place === 1 || place === 11),
        companion: row === 1 && (place === 2 || place === 10),
      });
  const body = HallPlanBodySchema.parse({ seats, best: { row: 7, x: 6 } });
  await storePlan(db, hallId, await planRows(db, hallId, body), body.best);
}

async function ensureCards(db: Db): Promise<Map<CardName, number>> {
  await db
    .insert(priceCards)
    .values(Object.keys(CARDS).map((name) => ({ name })))
    .onConflictDoNothing();
  const rows = await db
    .select()
    .from(priceCards)
    .where(inArray(priceCards.name, Object.keys(CARDS)));
  const ids = new Map(rows.map((r) => [r.name as CardName, r.id]));
  await db
    .insert(priceCardPrices)
    .values(
      Object.entries(CARDS).flatMap(([name, zones]) =>
        Object.entries(zones).map(([zone, roubles]) => ({
          cardId: ids.get(name as CardName)!,
          zoneCode: zone,
          ticketTypeCode: 'adult',
          priceKopecks: roubles * 100,
        })),
      ),
    )
    .onConflictDoNothing();
  if ((await db.$count(priceRules)) === 0) {
    await db.insert(priceRules).values({
      name: 'Утро будней −30 %',
      weekdays: 31,
      fromTime: '00:00',
      untilTime: '12:00',
      cardId: ids.get(MORNING)!,
    });
  }
  return ids;
}

/** Before the programme: the hall's plan, the cards, the rule, the codes, the film's condition. */
export async function ensurePricing(
  db: Db,
  { hallId, filmId, today }: { hallId: number; filmId?: number; today: string },
) {
  const [hall] = await db.select().from(halls).where(eq(halls.id, hallId));
  if (hall && hall.bestRow === null) await layOut(db, hallId);
  const cards = await ensureCards(db);
  const year = new Date(`${today}T00:00:00Z`);
  await db
    .insert(promoCodes)
    .values([
      {
        code: 'KINO10',
        kind: 'percent' as const,
        value: 10,
        validFrom: new Date(year.getTime() - 86400_000),
        validUntil: new Date(year.getTime() + 365 * 86400_000),
        perBuyerLimit: 1,
      },
      {
        code: 'SEMYA',
        kind: 'amount' as const,
        value: 20_000,
        validFrom: new Date(year.getTime() - 86400_000),
        validUntil: new Date(year.getTime() + 90 * 86400_000),
        totalLimit: 100,
      },
    ])
    .onConflictDoNothing();
  if (filmId !== undefined)
    await db
      .update(films)
      .set({ noDiscountUntil: addDays(today, 3) })
      .where(and(eq(films.id, filmId), isNull(films.noDiscountUntil)));
  return cards;
}

/**
 * After the programme: the hall's sessions without a card sell on one — the morning card before
 * noon on weekdays, the evening card otherwise (SPEC's price follows the card) — and the tickets
 * already sold there carry their seat's zone.
 */
export async function priceHallSessions(db: Db, hallId: number, cards: Map<CardName, number>) {
  const local = sql`(${sessions.startTime} at time zone ${cinemaTimeZone()})`;
  const morning = sql`extract(isodow from ${local}) <= 5 and extract(hour from ${local}) < 12`;
  for (const [name, isMorning] of [
    [MORNING, true],
    ['Вечер', false],
  ] as const) {
    await db
      .update(sessions)
      .set({ priceCardId: cards.get(name)!, price: CARDS[name].standard })
      .where(
        and(eq(sessions.hallId, hallId), isNull(sessions.priceCardId), isMorning ? morning : sql`not (${morning})`),
      );
  }
  // Tickets already sold there: their seat's zone and the card's price for it (an adult ticket), and their orders' totals.
  await db.execute(sql`
    update ${tickets} t set zone_code = hs.zone_code, price_kopecks = p.price_kopecks, base_price_kopecks = p.price_kopecks
    from ${sessions} s, ${hallSeats} hs, ${priceCardPrices} p
    where t.session_id = s.id and s.hall_id = ${hallId} and hs.hall_id = s.hall_id and hs.code = t.seat_number
      and p.card_id = s.price_card_id and p.zone_code = hs.zone_code and p.ticket_type_code = 'adult'
      and t.type_discount_kopecks = 0 and t.promo_discount_kopecks = 0
      and (t.zone_code <> hs.zone_code or t.price_kopecks <> p.price_kopecks)`);
  await db.execute(sql`
    update ${orders} o set total_kopecks = x.total
    from (select t.order_id, sum(t.price_kopecks)::int as total from ${tickets} t join ${sessions} s on s.id = t.session_id
          where s.hall_id = ${hallId} group by t.order_id) x
    where o.id = x.order_id and o.total_kopecks <> x.total`);
}
