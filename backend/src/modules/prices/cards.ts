/** Price cards (contract/prices.ts): zone × ticket type → price. Editing a card never changes an order already made. */
import { and, asc, count, eq, gt } from 'drizzle-orm';
import { ADULT_TICKET_TYPE, STANDARD_ZONE } from '../../contract/constants';
import { kopecksOf, roublesOf } from '../../contract/money';
import type { PriceCard, PriceCardBody } from '../../contract/prices';
import type { AppContext } from '../../context';
import { pgErrorCode, PG_FOREIGN_KEY_VIOLATION, PG_UNIQUE_VIOLATION, schema, type Db, type Tx } from '../../db';
import { conflict, invalidInput, notFound } from '../../lib/http/errors';

const { priceCards, priceCardPrices, sessions } = schema;

type CardRow = typeof priceCards.$inferSelect & { prices: (typeof priceCardPrices.$inferSelect)[] };

/** A card with its cells; `standardAdultKopecks` is SPEC's price of a session sold on it. */
export async function findCard(ctx: Pick<AppContext, 'db'>, id: number) {
  const card = await ctx.db.query.priceCards.findFirst({ where: eq(priceCards.id, id), with: { prices: true } });
  if (!card) return undefined;
  const standard = card.prices.find((p) => p.zoneCode === STANDARD_ZONE && p.ticketTypeCode === ADULT_TICKET_TYPE);
  return { ...card, standardAdultKopecks: standard?.priceKopecks ?? 0 };
}

async function futureSessions(db: Db | Tx, cardId: number, now: Date) {
  const [row] = await db
    .select({ n: count() })
    .from(sessions)
    .where(and(eq(sessions.priceCardId, cardId), gt(sessions.startTime, now)));
  return row?.n ?? 0;
}

const present = (card: CardRow, sessionsCount: number): PriceCard => ({
  id: card.id,
  name: card.name,
  prices: card.prices
    .toSorted((a, b) => a.zoneCode.localeCompare(b.zoneCode) || a.ticketTypeCode.localeCompare(b.ticketTypeCode))
    .map((p) => ({ zone: p.zoneCode, ticket_type: p.ticketTypeCode, price: roublesOf(p.priceKopecks) })),
  sessions: sessionsCount,
});

export async function listCards(ctx: Pick<AppContext, 'db'>, now: Date): Promise<PriceCard[]> {
  const cards = await ctx.db.query.priceCards.findMany({ with: { prices: true }, orderBy: asc(priceCards.id) });
  return Promise.all(cards.map(async (card) => present(card, await futureSessions(ctx.db, card.id, now))));
}

/** Unknown zones or ticket types, a name taken: field errors, nothing written. */
async function saving<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (pgErrorCode(err) === PG_UNIQUE_VIOLATION) throw invalidInput({ name: 'Карта с таким названием уже есть' });
    if (pgErrorCode(err) === PG_FOREIGN_KEY_VIOLATION)
      throw invalidInput({ prices: 'Неизвестная зона или тип билета' });
    throw err;
  }
}

const cellsOf = (cardId: number, body: PriceCardBody) =>
  body.prices.map((p) => ({
    cardId,
    zoneCode: p.zone,
    ticketTypeCode: p.ticket_type,
    priceKopecks: kopecksOf(p.price),
  }));

export async function createCard(ctx: Pick<AppContext, 'db'>, body: PriceCardBody): Promise<PriceCard> {
  const id = await saving(() =>
    ctx.db.transaction(async (tx) => {
      const [card] = await tx.insert(priceCards).values({ name: body.name }).returning();
      await tx.insert(priceCardPrices).values(cellsOf(card!.id, body));
      return card!.id;
    }),
  );
  return present((await findCard(ctx, id))!, 0);
}

/**
 * A card's new prices. Orders keep the prices they were made at (each ticket stores its own); SPEC's
 * `price` of the card's sessions still to come follows the standard adult price.
 */
export async function updateCard(ctx: Pick<AppContext, 'db'>, id: number, body: PriceCardBody, now: Date) {
  await saving(() =>
    ctx.db.transaction(async (tx) => {
      const [card] = await tx.update(priceCards).set({ name: body.name }).where(eq(priceCards.id, id)).returning();
      if (!card) throw notFound('Ценовая карта не найдена');
      await tx.delete(priceCardPrices).where(eq(priceCardPrices.cardId, id));
      const cells = cellsOf(id, body);
      await tx.insert(priceCardPrices).values(cells);
      const standard = cells.find((c) => c.zoneCode === STANDARD_ZONE && c.ticketTypeCode === ADULT_TICKET_TYPE)!;
      await tx
        .update(sessions)
        .set({ price: Math.round(roublesOf(standard.priceKopecks)) })
        .where(and(eq(sessions.priceCardId, id), gt(sessions.startTime, now)));
    }),
  );
  return present((await findCard(ctx, id))!, await futureSessions(ctx.db, id, now));
}

export async function deleteCard(ctx: Pick<AppContext, 'db'>, id: number): Promise<{ ok: true }> {
  if ((await ctx.db.$count(sessions, eq(sessions.priceCardId, id))) > 0)
    throw conflict('conflict', 'По этой карте продаются или продавались сеансы: её нельзя удалить');
  const [gone] = await ctx.db.delete(priceCards).where(eq(priceCards.id, id)).returning({ id: priceCards.id });
  if (!gone) throw notFound('Ценовая карта не найдена');
  return { ok: true };
}
