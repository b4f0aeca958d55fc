/**
 * A hall plan as the database keeps it (`hall_seats`): the rows made from a plan's body and checked,
 * and stored as the hall's plan with its capacity. The back office's editor (plan.ts) and the demo
 * seed (seed/prices.ts) both go through here. Sofa pairs follow from the zones: neighbouring seats of a
 * two-seat zone, left to right, make a sofa.
 */
import { eq } from 'drizzle-orm';
import type { HallPlanBodySchema } from '../../contract/plans';
import { seatCode } from '../../contract/seats';
import type { z } from '../../contract/zod';
import { schema, type Db } from '../../db';
import { invalidInput } from '../../lib/http/errors';

const { halls, hallSeats, seatZones } = schema;

/** A plan's body once its schema (HallPlanBodySchema) has parsed it. */
export type PlanBody = z.output<typeof HallPlanBodySchema>;

/** The rows of the plan, with sofa pairs made from two-seat zones; field errors (400) for what cannot be. */
export async function planRows(db: Db, hallId: number, body: PlanBody) {
  const zones = new Map(
    (await db.select({ code: seatZones.code, units: seatZones.seatsPerUnit }).from(seatZones)).map((z) => [
      z.code,
      z.units,
    ]),
  );
  const fields: Record<string, string> = {};
  const rows = body.seats.map((s) => ({
    hallId,
    code: seatCode(s.row, s.place),
    row: s.row,
    place: s.place,
    x: s.x,
    zoneCode: s.zone,
    wheelchair: s.wheelchair,
    companion: s.companion,
    blocked: s.blocked,
    pairCode: null as string | null,
  }));
  for (const [i, s] of rows.entries()) {
    if (!zones.has(s.zoneCode)) fields[`seats.${i}.zone`] = 'Такой зоны нет';
  }
  const byRow = new Map<number, typeof rows>();
  for (const s of rows.filter((r) => (zones.get(r.zoneCode) ?? 1) === 2))
    byRow.set(s.row, [...(byRow.get(s.row) ?? []), s]);
  for (const [row, sofaSeats] of byRow) {
    const sorted = sofaSeats.toSorted((a, b) => a.x - b.x);
    for (let i = 0; i < sorted.length; i += 2) {
      const [a, b] = [sorted[i]!, sorted[i + 1]];
      if (!b || b.x !== a.x + 1) {
        fields[`seats.${rows.indexOf(a)}.zone`] = `Ряд ${row}: диван — два места рядом`;
        break;
      }
      a.pairCode = b.code;
      b.pairCode = a.code;
    }
  }
  if (Object.keys(fields).length > 0) throw invalidInput(fields);
  return rows;
}

/**
 * Replaces the hall's seats by `rows`: its capacity is their sellable seats; `best` where the best view
 * is; `holdBackHours` how long before a session its wheelchair spaces go on general sale (null: at once).
 */
export async function storePlan(
  db: Db,
  hallId: number,
  rows: Awaited<ReturnType<typeof planRows>>,
  best: PlanBody['best'],
  holdBackHours: number | null = null,
): Promise<void> {
  await db.delete(hallSeats).where(eq(hallSeats.hallId, hallId));
  await db.insert(hallSeats).values(rows);
  await db
    .update(halls)
    .set({
      capacity: rows.filter((r) => !r.blocked).length,
      bestRow: best?.row ?? null,
      bestX: best?.x ?? null,
      wheelchairHoldBackHours: holdBackHours,
    })
    .where(eq(halls.id, hallId));
}
