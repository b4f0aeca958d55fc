/**
 * Promo codes: staff make them (a percentage or an amount off, a period, limits, perhaps some films or
 * sessions only); buyers type them at checkout. `usablePromo` says whether a code applies to a
 * buyer's order now, and why not in Russian; inside an order's transaction it locks the code, so two
 * orders cannot both take its last use.
 */
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import { kopecksOf, roublesOf } from '../../contract/money';
import type { PromoCode, PromoCodeBodySchema } from '../../contract/prices';
import type { QuotePromo } from '../../contract/quote';
import type { z } from '../../contract/zod';
import type { AppContext } from '../../context';
import { pgErrorCode, PG_FOREIGN_KEY_VIOLATION, PG_UNIQUE_VIOLATION, schema, type Db, type Tx } from '../../db';
import { conflict, invalidInput, notFound } from '../../lib/http/errors';
import { paginate, searchCondition, type Page, type PageQuery } from '../../lib/http/paging';
import { HOLDING_ORDER_STATUSES } from '../orders/lifecycle';

const { promoCodes, promoCodeFilms, promoCodeSessions, orders } = schema;
type PromoBody = z.output<typeof PromoCodeBodySchema>;
type PromoRow = typeof promoCodes.$inferSelect;

/** Orders that use a code: paid, or waiting for their payment. */
const USING = HOLDING_ORDER_STATUSES;

async function usesOf(db: Db | Tx, promoId: number, buyerId?: number) {
  const [row] = await db
    .select({ n: count() })
    .from(orders)
    .where(
      and(
        eq(orders.promoCodeId, promoId),
        inArray(orders.status, [...USING]),
        buyerId === undefined ? undefined : eq(orders.userId, buyerId),
      ),
    );
  return row?.n ?? 0;
}

async function present(db: Db, row: PromoRow): Promise<PromoCode> {
  const [filmsOf, sessionsOf, used] = await Promise.all([
    db.select({ id: promoCodeFilms.filmId }).from(promoCodeFilms).where(eq(promoCodeFilms.promoCodeId, row.id)),
    db
      .select({ id: promoCodeSessions.sessionId })
      .from(promoCodeSessions)
      .where(eq(promoCodeSessions.promoCodeId, row.id)),
    usesOf(db, row.id),
  ]);
  return {
    id: row.id,
    code: row.code,
    kind: row.kind,
    value: row.kind === 'amount' ? roublesOf(row.value) : row.value,
    valid_from: row.validFrom.toISOString(),
    valid_until: row.validUntil.toISOString(),
    total_limit: row.totalLimit,
    per_buyer_limit: row.perBuyerLimit,
    active: row.active,
    film_ids: filmsOf.map((f) => f.id),
    session_ids: sessionsOf.map((s) => s.id),
    used,
  };
}

export function listPromoCodes(
  ctx: Pick<AppContext, 'db'>,
  query: PageQuery & { q?: string },
): Promise<Page<PromoCode>> {
  const where = searchCondition(query.q, promoCodes.code);
  return paginate(
    query,
    async (limit, offset) => {
      const rows = await ctx.db
        .select()
        .from(promoCodes)
        .where(where)
        .orderBy(desc(promoCodes.id))
        .limit(limit)
        .offset(offset);
      return Promise.all(rows.map((row) => present(ctx.db, row)));
    },
    () => ctx.db.$count(promoCodes, where),
  );
}

const fieldsOf = (b: PromoBody) => ({
  code: b.code,
  kind: b.kind,
  value: b.kind === 'amount' ? kopecksOf(b.value) : b.value,
  validFrom: new Date(b.valid_from),
  validUntil: new Date(b.valid_until),
  totalLimit: b.total_limit,
  perBuyerLimit: b.per_buyer_limit,
  active: b.active,
});

async function saveLinks(tx: Tx, promoId: number, body: PromoBody) {
  await tx.delete(promoCodeFilms).where(eq(promoCodeFilms.promoCodeId, promoId));
  await tx.delete(promoCodeSessions).where(eq(promoCodeSessions.promoCodeId, promoId));
  if (body.film_ids.length > 0)
    await tx
      .insert(promoCodeFilms)
      .values([...new Set(body.film_ids)].map((filmId) => ({ promoCodeId: promoId, filmId })));
  if (body.session_ids.length > 0)
    await tx
      .insert(promoCodeSessions)
      .values([...new Set(body.session_ids)].map((sessionId) => ({ promoCodeId: promoId, sessionId })));
}

async function saving<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (pgErrorCode(err) === PG_UNIQUE_VIOLATION)
      throw conflict('conflict', 'Такой промокод уже есть', { fields: { code: 'Такой промокод уже есть' } });
    if (pgErrorCode(err) === PG_FOREIGN_KEY_VIOLATION)
      throw invalidInput({ film_ids: 'Таких фильмов или сеансов нет' });
    throw err;
  }
}

export async function createPromoCode(ctx: Pick<AppContext, 'db'>, body: PromoBody): Promise<PromoCode> {
  const row = await saving(() =>
    ctx.db.transaction(async (tx) => {
      const [row] = await tx.insert(promoCodes).values(fieldsOf(body)).returning();
      await saveLinks(tx, row!.id, body);
      return row!;
    }),
  );
  return present(ctx.db, row);
}

export async function updatePromoCode(ctx: Pick<AppContext, 'db'>, id: number, body: PromoBody): Promise<PromoCode> {
  const row = await saving(() =>
    ctx.db.transaction(async (tx) => {
      const [row] = await tx.update(promoCodes).set(fieldsOf(body)).where(eq(promoCodes.id, id)).returning();
      if (!row) throw notFound('Промокод не найден');
      await saveLinks(tx, id, body);
      return row;
    }),
  );
  return present(ctx.db, row);
}

/** Deletes a code never used; a used one (orders name it) is switched off instead. */
export async function deletePromoCode(ctx: Pick<AppContext, 'db'>, id: number): Promise<{ ok: true }> {
  try {
    const [row] = await ctx.db.delete(promoCodes).where(eq(promoCodes.id, id)).returning({ id: promoCodes.id });
    if (!row) throw notFound('Промокод не найден');
  } catch (err) {
    if (pgErrorCode(err) !== PG_FOREIGN_KEY_VIOLATION) throw err;
    await ctx.db.update(promoCodes).set({ active: false }).where(eq(promoCodes.id, id));
  }
  return { ok: true };
}

export type PromoCheck = { ok: true; id: number; promo: QuotePromo } | { ok: false; reason: string };

/**
 * Whether `code` applies to an order of `buyerId` for this session now. In an order's transaction
 * (`lock`), the code's row is locked first, so its limits are counted by one order at a time.
 */
export async function usablePromo(
  db: Db | Tx,
  code: string,
  {
    sessionId,
    filmId,
    buyerId,
    now,
    lock = false,
  }: {
    sessionId: number;
    filmId: number;
    buyerId?: number;
    now: Date;
    lock?: boolean;
  },
): Promise<PromoCheck> {
  const query = db.select().from(promoCodes).where(eq(promoCodes.code, code.trim().toUpperCase()));
  const [row] = lock ? await query.for('update') : await query;
  if (!row || !row.active) return { ok: false, reason: 'Такого промокода нет' };
  if (now < row.validFrom) return { ok: false, reason: 'Промокод ещё не действует' };
  if (now >= row.validUntil) return { ok: false, reason: 'Срок действия промокода истёк' };
  const [filmsOf, sessionsOf] = await Promise.all([
    db.select({ id: promoCodeFilms.filmId }).from(promoCodeFilms).where(eq(promoCodeFilms.promoCodeId, row.id)),
    db
      .select({ id: promoCodeSessions.sessionId })
      .from(promoCodeSessions)
      .where(eq(promoCodeSessions.promoCodeId, row.id)),
  ]);
  if (filmsOf.length > 0 && !filmsOf.some((f) => f.id === filmId))
    return { ok: false, reason: 'Промокод не действует на этот фильм' };
  if (sessionsOf.length > 0 && !sessionsOf.some((s) => s.id === sessionId))
    return { ok: false, reason: 'Промокод не действует на этот сеанс' };
  if (row.totalLimit !== null && (await usesOf(db, row.id)) >= row.totalLimit)
    return { ok: false, reason: 'Промокод уже использован максимальное число раз' };
  if (row.perBuyerLimit !== null && buyerId !== undefined && (await usesOf(db, row.id, buyerId)) >= row.perBuyerLimit)
    return { ok: false, reason: 'Вы уже использовали этот промокод' };
  return { ok: true, id: row.id, promo: { code: row.code, kind: row.kind, value: row.value } };
}
