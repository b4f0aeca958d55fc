/** Ticket types (Взрослый, Детский, …) and their rules, as GET /api/ticket-types lists them and staff edit them. */
import { asc, eq, sql } from 'drizzle-orm';
import { kopecksOf, roublesOf } from '../../contract/money';
import type { TicketType, TicketTypeBody } from '../../contract/prices';
import type { AppContext } from '../../context';
import { schema, type Db, type Tx } from '../../db';
import { invalidInput } from '../../lib/http/errors';

const { ticketTypes } = schema;
type TypeRow = typeof ticketTypes.$inferSelect;

/** value: percent as is, a fixed price in roubles (kopecks inside). */
export const presentTicketTypeRule = (t: TypeRow): TicketType => ({
  code: t.code,
  name: t.name,
  rule: t.rule,
  value: t.rule === 'fixed' ? roublesOf(t.value) : t.value,
  check_document: t.checkDocument,
  active: t.active,
});

export async function listTicketTypes(ctx: Pick<AppContext, 'db'>): Promise<TicketType[]> {
  const rows = await ctx.db.select().from(ticketTypes).orderBy(asc(ticketTypes.position), asc(ticketTypes.code));
  return rows.map(presentTicketTypeRule);
}

/** Adds the type, or changes it (tickets sold keep the price they were sold at). The adult type stays full price. */
export async function saveTicketType(ctx: Pick<AppContext, 'db'>, code: string, body: TicketTypeBody) {
  if (code === 'adult' && (body.rule !== 'full' || !body.active))
    throw invalidInput({ rule: 'Взрослый билет — полная цена, его нельзя выключить' });
  const value = body.rule === 'full' ? 0 : body.rule === 'fixed' ? kopecksOf(body.value) : body.value;
  const fields = { name: body.name, rule: body.rule, value, checkDocument: body.check_document, active: body.active };
  const [row] = await ctx.db
    .insert(ticketTypes)
    .values({
      code,
      ...fields,
      position: sql`(select coalesce(max(${ticketTypes.position}), 0) + 1 from ${ticketTypes})`,
    })
    .onConflictDoUpdate({ target: ticketTypes.code, set: fields })
    .returning();
  return presentTicketTypeRule(row!);
}

/** The types as quote() takes them (kopecks). */
export async function quoteTypes(db: Db | Tx) {
  const rows = await db.select().from(ticketTypes);
  return rows.map((t) => ({ code: t.code, rule: t.rule, value: t.value, active: t.active }));
}

export const findTicketType = (ctx: Pick<AppContext, 'db'>, code: string) =>
  ctx.db.query.ticketTypes.findFirst({ where: eq(ticketTypes.code, code) });
