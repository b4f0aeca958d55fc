/** Price rules: by weekday and time of day, which card a new session should sell on (suggestCard in the contract). */
import { asc, eq } from 'drizzle-orm';
import type { PriceRule, PriceRuleBodySchema } from '../../contract/prices';
import type { z } from '../../contract/zod';
import type { AppContext } from '../../context';
import { pgErrorCode, PG_FOREIGN_KEY_VIOLATION, schema } from '../../db';
import { invalidInput, notFound } from '../../lib/http/errors';

const { priceRules } = schema;
type RuleBody = z.output<typeof PriceRuleBodySchema>;

const present = (r: typeof priceRules.$inferSelect): PriceRule => ({
  id: r.id,
  name: r.name,
  weekdays: r.weekdays,
  from_time: r.fromTime,
  until_time: r.untilTime,
  card_id: r.cardId,
  position: r.position,
});

const fieldsOf = (b: RuleBody) => ({
  name: b.name,
  weekdays: b.weekdays,
  fromTime: b.from_time,
  untilTime: b.until_time,
  cardId: b.card_id,
  position: b.position,
});

async function saving<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (pgErrorCode(err) === PG_FOREIGN_KEY_VIOLATION) throw invalidInput({ card_id: 'Такой ценовой карты нет' });
    throw err;
  }
}

export async function listRules(ctx: Pick<AppContext, 'db'>): Promise<PriceRule[]> {
  return (await ctx.db.select().from(priceRules).orderBy(asc(priceRules.position), asc(priceRules.id))).map(present);
}

export async function createRule(ctx: Pick<AppContext, 'db'>, body: RuleBody): Promise<PriceRule> {
  const [row] = await saving(() => ctx.db.insert(priceRules).values(fieldsOf(body)).returning());
  return present(row!);
}

export async function updateRule(ctx: Pick<AppContext, 'db'>, id: number, body: RuleBody): Promise<PriceRule> {
  const [row] = await saving(() =>
    ctx.db.update(priceRules).set(fieldsOf(body)).where(eq(priceRules.id, id)).returning(),
  );
  if (!row) throw notFound('Правило не найдено');
  return present(row);
}

export async function deleteRule(ctx: Pick<AppContext, 'db'>, id: number): Promise<{ ok: true }> {
  const [row] = await ctx.db.delete(priceRules).where(eq(priceRules.id, id)).returning({ id: priceRules.id });
  if (!row) throw notFound('Правило не найдено');
  return { ok: true };
}
