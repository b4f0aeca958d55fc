/**
 * A hall plan (GET /api/halls/{id}/plan) as the hall map draws it, kept apart from the screen so it is
 * tested as plain functions: rows of units (a seat, or a sofa's two seats drawn together) placed at
 * their column `x` (a gap in x is an aisle), and where the arrow keys go from a seat — across aisles,
 * past seats that cannot take focus, to the nearest seat of the next row that has one.
 */
import { seatCode, type HallPlan, type PlanSeat, type SeatCode } from '@kino/backend/contract';

/** One thing drawn in a row: a seat, or a sofa (its two seats side by side, left first). */
export type PlanUnit =
  { kind: 'seat'; x: number; seat: PlanSeat } | { kind: 'sofa'; x: number; seats: [PlanSeat, PlanSeat] };

export interface PlanRow {
  row: number;
  units: PlanUnit[];
}

/** Rows 1…plan.rows (a row without seats stays as a gap), each row's seats left to right, sofas paired. */
export function planRows(plan: Pick<HallPlan, 'rows' | 'seats'>): PlanRow[] {
  const byRow = new Map<number, PlanSeat[]>();
  for (const seat of plan.seats) byRow.set(seat.row, [...(byRow.get(seat.row) ?? []), seat]);
  const rowCount = Math.max(plan.rows, ...plan.seats.map((s) => s.row));
  return Array.from({ length: rowCount }, (_, i) => {
    const row = i + 1;
    const seats = (byRow.get(row) ?? []).toSorted((a, b) => a.x - b.x);
    const units: PlanUnit[] = [];
    for (let j = 0; j < seats.length; j++) {
      const seat = seats[j]!;
      const next = seats[j + 1];
      if (seat.pair && next && seat.pair === next.code && next.pair === seat.code && next.x === seat.x + 1) {
        units.push({ kind: 'sofa', x: seat.x, seats: [seat, next] });
        j++;
      } else units.push({ kind: 'seat', x: seat.x, seat });
    }
    return { row, units };
  });
}

export type Direction = 'left' | 'right' | 'up' | 'down';

export const KEY_DIRECTIONS: Readonly<Record<string, Direction>> = {
  ArrowLeft: 'left',
  ArrowRight: 'right',
  ArrowUp: 'up',
  ArrowDown: 'down',
};

type Spot = Pick<PlanSeat, 'code' | 'row' | 'x'>;

/**
 * The seat the arrow key moves to from `from`: along the row to the next seat that can take focus
 * (aisles and taken seats are stepped over), or up / down to the nearest row that has such a seat, at
 * the column nearest to this one (the left one on a tie). null at the hall's edge.
 */
export function neighbour(
  seats: readonly Spot[],
  from: SeatCode,
  direction: Direction,
  canFocus: (code: SeatCode) => boolean = () => true,
): SeatCode | null {
  const current = seats.find((s) => s.code === from);
  if (!current) return null;
  const open = seats.filter((s) => s.code !== from && canFocus(s.code));
  if (direction === 'left' || direction === 'right') {
    const sign = direction === 'right' ? 1 : -1;
    const ahead = open
      .filter((s) => s.row === current.row && sign * (s.x - current.x) > 0)
      .toSorted((a, b) => sign * (a.x - b.x));
    return ahead[0]?.code ?? null;
  }
  const sign = direction === 'down' ? 1 : -1;
  const rows = [...new Set(open.filter((s) => sign * (s.row - current.row) > 0).map((s) => s.row))].toSorted(
    (a, b) => sign * (a - b),
  );
  const row = rows[0];
  if (row === undefined) return null;
  const nearest = open
    .filter((s) => s.row === row)
    .toSorted((a, b) => Math.abs(a.x - current.x) - Math.abs(b.x - current.x) || a.x - b.x);
  return nearest[0]?.code ?? null;
}

/** SPEC's hall (10 × 11 standard seats, no aisles): what a hall is when its plan says nothing else. */
/** A standard seat of a plan at this row, place and column, with any other fields given. */
export const planSeat = (row: number, place: number, x: number, extra: Partial<PlanSeat> = {}): PlanSeat => ({
  code: seatCode(row, place),
  row,
  place,
  x,
  zone: 'standard',
  wheelchair: false,
  companion: false,
  blocked: false,
  pair: null,
  ...extra,
});

export function defaultPlan(hall: { id: number; name: string }): HallPlan {
  const seats: PlanSeat[] = [];
  for (let row = 1; row <= 10; row++) for (let place = 1; place <= 11; place++) seats.push(planSeat(row, place, place));
  return {
    hall_id: hall.id,
    name: hall.name,
    rows: 10,
    columns: 11,
    capacity: 110,
    best: { row: 6, x: 6 },
    wheelchair_hold_back_hours: null,
    showroom: null,
    seats,
    zones: [{ code: 'standard', name: 'Стандарт', color: '#7c4dff', seats_per_unit: 1 }],
  };
}

/** The companion's seat beside a wheelchair space (left first), if the plan has one there. */
export const companionOf = (plan: Pick<HallPlan, 'seats'>, space: Pick<PlanSeat, 'row' | 'x'>) =>
  [space.x - 1, space.x + 1]
    .map((x) => plan.seats.find((s) => s.row === space.row && s.x === x && s.companion && !s.blocked))
    .find((s) => s !== undefined);

/** Zone of each seat, for the quote. */
export const zoneOfSeat = (plan: Pick<HallPlan, 'seats'>): ReadonlyMap<SeatCode, string> =>
  new Map(plan.seats.map((s) => [s.code, s.zone]));

/** Does the plan have zones besides the standard one (the legend then lists them with their prices)? */
export const hasZones = (plan: Pick<HallPlan, 'seats'>) => plan.seats.some((s) => s.zone !== 'standard');
