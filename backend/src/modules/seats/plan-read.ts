/** A hall's plan as GET /api/halls/{id}/plan answers it, and as the seat scripts load it (contract/plans.ts). */
import { asc, eq } from 'drizzle-orm';
import type { HallPlan, PlanSeat, SeatZone } from '../../contract/plans';
import { schema, type Db } from '../../db';
import { notFound } from '../../lib/http/errors';

const { halls, hallSeats, seatZones } = schema;

type SeatRow = typeof hallSeats.$inferSelect;

/** A seat zone as the legend shows it. */
export const presentZone = (z: typeof seatZones.$inferSelect): SeatZone => ({
  code: z.code,
  name: z.name,
  color: z.color,
  seats_per_unit: z.seatsPerUnit,
});

const presentSeat = (s: SeatRow): PlanSeat => ({
  code: s.code,
  row: s.row,
  place: s.place,
  x: s.x,
  zone: s.zoneCode,
  wheelchair: s.wheelchair,
  companion: s.companion,
  blocked: s.blocked,
  pair: s.pairCode,
});

/** Where the best view is when the hall does not say: two thirds back, in the middle. */
function defaultBest(seats: Pick<SeatRow, 'row' | 'x'>[]) {
  const rows = Math.max(1, ...seats.map((s) => s.row));
  const xs = seats.map((s) => s.x);
  return { row: Math.max(1, Math.round((rows * 2) / 3)), x: Math.round((Math.min(...xs) + Math.max(...xs)) / 2) };
}

/** A hall's plan with the zones it can use; 404 when there is no such hall. */
export async function loadPlan(db: Db, hallId: number): Promise<HallPlan> {
  const [hall] = await db.select().from(halls).where(eq(halls.id, hallId));
  if (!hall) throw notFound('Зал не найден');
  const [rows, zones] = await Promise.all([
    db.select().from(hallSeats).where(eq(hallSeats.hallId, hallId)).orderBy(asc(hallSeats.row), asc(hallSeats.x)),
    db.select().from(seatZones).orderBy(asc(seatZones.position)),
  ]);
  const seats = rows.map(presentSeat);
  return {
    hall_id: hall.id,
    name: hall.name,
    rows: Math.max(0, ...rows.map((s) => s.row)),
    columns: Math.max(0, ...rows.map((s) => s.x)),
    capacity: seats.filter((s) => !s.blocked).length,
    best: hall.bestRow !== null && hall.bestX !== null ? { row: hall.bestRow, x: hall.bestX } : defaultBest(rows),
    wheelchair_hold_back_hours: hall.wheelchairHoldBackHours,
    showroom: hall.showroom,
    seats,
    zones: zones.map(presentZone),
  };
}
