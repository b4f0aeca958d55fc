/**
 * The hall plan editor's model, kept apart from the screen so its rules are tested alone: the seats
 * as the editor holds them, resizing to rows × places, one tool applied to one seat (a zone, a flag,
 * an aisle before the seat, the best point), the sofas as the server will pair them, and the body of
 * PUT /api/halls/{id}/plan. Every change returns a new plan: nothing edits in place.
 */
import {
  MAX_PLAN_COLUMNS,
  MAX_PLAN_PLACES,
  MAX_PLAN_ROWS,
  STANDARD_ZONE,
  type HallPlan,
  type HallPlanBody,
} from '@kino/backend/contract';

export interface EditorSeat {
  row: number;
  place: number;
  /** Column on the drawing: a jump of more than 1 from the previous place is an aisle. */
  x: number;
  zone: string;
  wheelchair: boolean;
  companion: boolean;
  blocked: boolean;
}

export interface EditorPlan {
  rows: number;
  places: number;
  seats: EditorSeat[];
  best: { row: number; x: number };
  /** Wheelchair spaces go on general sale this many hours before a session; null: at once. */
  holdBackHours: number | null;
  /** The hall's name as registered in ЕАИС; '' — its own name. */
  showroom: string;
}

export type SeatFlag = 'wheelchair' | 'companion' | 'blocked';

export type Tool =
  { kind: 'zone'; zone: string } | { kind: 'flag'; flag: SeatFlag } | { kind: 'gap' } | { kind: 'best' };

/** What one stroke (a click, or a drag over several seats) does: decided by the seat it starts on. */
export type Stroke =
  | { kind: 'zone'; zone: string }
  | { kind: 'flag'; flag: SeatFlag; on: boolean }
  | { kind: 'gap'; on: boolean }
  | { kind: 'best' };

export const FLAG_LABELS: Record<SeatFlag, string> = {
  wheelchair: 'Коляска',
  companion: 'Сопровождающий',
  blocked: 'Не продаётся',
};

const key = (row: number, place: number) => `${row}:${place}`;

const newSeat = (row: number, place: number, x: number): EditorSeat => ({
  row,
  place,
  x,
  zone: STANDARD_ZONE,
  wheelchair: false,
  companion: false,
  blocked: false,
});

const sorted = (seats: EditorSeat[]) => seats.toSorted((a, b) => a.row - b.row || a.place - b.place);

/** The editor's copy of a plan the server answered. */
export function fromPlan(
  plan: Pick<HallPlan, 'seats' | 'best'> & Partial<Pick<HallPlan, 'wheelchair_hold_back_hours' | 'showroom'>>,
): EditorPlan {
  const seats = sorted(
    plan.seats.map(({ row, place, x, zone, wheelchair, companion, blocked }) => ({
      row,
      place,
      x,
      zone,
      wheelchair,
      companion,
      blocked,
    })),
  );
  return {
    rows: Math.max(0, ...seats.map((s) => s.row)),
    places: Math.max(0, ...seats.map((s) => s.place)),
    seats,
    best: plan.best,
    holdBackHours: plan.wheelchair_hold_back_hours ?? null,
    showroom: plan.showroom ?? '',
  };
}

/** Why a size cannot be applied, in Russian; undefined when it can. */
export function sizeProblem(rows: number, places: number): string | undefined {
  if (!Number.isInteger(rows) || rows < 1 || rows > MAX_PLAN_ROWS) return `Рядов — от 1 до ${MAX_PLAN_ROWS}`;
  if (!Number.isInteger(places) || places < 1 || places > MAX_PLAN_PLACES)
    return `Мест в ряду — от 1 до ${MAX_PLAN_PLACES}`;
  return undefined;
}

/**
 * The plan made rows × places: seats beyond are dropped, new ones are standard seats placed right
 * of their row's last seat (so aisles already drawn stay where they are).
 */
export function resize(plan: EditorPlan, rows: number, places: number): EditorPlan {
  const kept = plan.seats.filter((s) => s.row <= rows && s.place <= places);
  const byKey = new Map(kept.map((s) => [key(s.row, s.place), s]));
  const seats = [...kept];
  for (let row = 1; row <= rows; row++) {
    let lastX = 0;
    for (let place = 1; place <= places; place++) {
      const seat = byKey.get(key(row, place));
      if (seat) {
        lastX = seat.x;
        continue;
      }
      // Only grown rows and places get seats; a hole the server's plan has on purpose stays a hole.
      if (row <= plan.rows && place <= plan.places) continue;
      lastX = Math.min(MAX_PLAN_COLUMNS, lastX + 1);
      seats.push(newSeat(row, place, lastX));
    }
  }
  const best = {
    row: Math.min(plan.best.row, rows),
    x: Math.min(plan.best.x, Math.max(...seats.map((s) => s.x), 1)),
  };
  return { ...plan, rows, places, seats: sorted(seats), best };
}

/** The seat left of this one in its row (by x), if any. */
function leftNeighbour(plan: EditorPlan, seat: EditorSeat): EditorSeat | undefined {
  return plan.seats
    .filter((s) => s.row === seat.row && s.x < seat.x)
    .reduce<EditorSeat | undefined>((best, s) => (!best || s.x > best.x ? s : best), undefined);
}

/** Whether an aisle (an empty column) is drawn just left of the seat. */
export function hasGapBefore(plan: EditorPlan, seat: EditorSeat): boolean {
  return seat.x - (leftNeighbour(plan, seat)?.x ?? 0) > 1;
}

/** What a stroke starting on this seat does: a flag or an aisle turns off where the seat already has it. */
export function strokeOf(plan: EditorPlan, tool: Tool, seat: EditorSeat): Stroke {
  switch (tool.kind) {
    case 'flag':
      return { kind: 'flag', flag: tool.flag, on: !seat[tool.flag] };
    case 'gap':
      return { kind: 'gap', on: !hasGapBefore(plan, seat) };
    default:
      return tool;
  }
}

/** The plan with the stroke applied to one seat (the same plan when nothing changes). */
export function apply(plan: EditorPlan, stroke: Stroke, row: number, place: number): EditorPlan {
  const seat = plan.seats.find((s) => s.row === row && s.place === place);
  if (!seat) return plan;
  const change = (patch: Partial<EditorSeat>): EditorPlan => ({
    ...plan,
    seats: plan.seats.map((s) => (s === seat ? { ...s, ...patch } : s)),
  });
  switch (stroke.kind) {
    case 'zone':
      return seat.zone === stroke.zone ? plan : change({ zone: stroke.zone });
    case 'flag': {
      if (seat[stroke.flag] === stroke.on) return plan;
      // A wheelchair space is not also a companion's seat: the newer flag wins.
      const other =
        stroke.on && stroke.flag === 'wheelchair'
          ? { companion: false }
          : stroke.on && stroke.flag === 'companion'
            ? { wheelchair: false }
            : {};
      return change({ [stroke.flag]: stroke.on, ...other });
    }
    case 'gap': {
      if (hasGapBefore(plan, seat) === stroke.on) return plan;
      const shift = stroke.on ? 1 : -1;
      const inRowFromHere = (s: EditorSeat) => s.row === seat.row && s.x >= seat.x;
      const rowEnd = Math.max(...plan.seats.filter((s) => s.row === seat.row).map((s) => s.x));
      if (stroke.on && rowEnd >= MAX_PLAN_COLUMNS) return plan;
      return {
        ...plan,
        seats: plan.seats.map((s) => (inRowFromHere(s) ? { ...s, x: s.x + shift } : s)),
      };
    }
    case 'best':
      return plan.best.row === seat.row && plan.best.x === seat.x ? plan : { ...plan, best: { row, x: seat.x } };
  }
}

/** Columns the drawing needs: the widest row's last x. */
export const columnsOf = (plan: Pick<EditorPlan, 'seats'>) => Math.max(0, ...plan.seats.map((s) => s.x));

/**
 * Sofas as the server pairs them: in each row, left to right, two side-by-side seats of a zone sold
 * in twos make one sofa. Returns seat key → its pair's place; `single` are sofa seats left alone.
 */
export function sofaPairs(
  plan: Pick<EditorPlan, 'seats'>,
  pairedZones: ReadonlySet<string>,
): { pairs: Map<string, number>; single: EditorSeat[] } {
  const pairs = new Map<string, number>();
  const single: EditorSeat[] = [];
  const rows = new Map<number, EditorSeat[]>();
  for (const seat of plan.seats.toSorted((a, b) => a.row - b.row || a.x - b.x))
    rows.set(seat.row, [...(rows.get(seat.row) ?? []), seat]);
  for (const seats of rows.values()) {
    for (let i = 0; i < seats.length; i++) {
      const seat = seats[i]!;
      if (!pairedZones.has(seat.zone)) continue;
      const next = seats[i + 1];
      if (next && next.zone === seat.zone && next.x === seat.x + 1) {
        pairs.set(key(seat.row, seat.place), next.place);
        pairs.set(key(next.row, next.place), seat.place);
        i++;
      } else single.push(seat);
    }
  }
  return { pairs, single };
}

export const seatKey = key;

/** Sellable seats (the hall's capacity) and the count per zone. */
export function summary(plan: Pick<EditorPlan, 'seats'>) {
  const zones = new Map<string, number>();
  for (const s of plan.seats) zones.set(s.zone, (zones.get(s.zone) ?? 0) + 1);
  return {
    capacity: plan.seats.filter((s) => !s.blocked).length,
    blocked: plan.seats.filter((s) => s.blocked).length,
    wheelchair: plan.seats.filter((s) => s.wheelchair).length,
    zones,
  };
}

/** The body of PUT /api/halls/{id}/plan. */
export function toBody(plan: EditorPlan): HallPlanBody {
  return {
    seats: plan.seats.map(({ row, place, x, zone, wheelchair, companion, blocked }) => ({
      row,
      place,
      x,
      zone,
      wheelchair,
      companion,
      blocked,
    })),
    best: plan.best,
    wheelchair_hold_back_hours: plan.holdBackHours,
    showroom: plan.showroom.trim() || null,
  };
}

/** Whether two plans would save the same. */
export const samePlan = (a: EditorPlan, b: EditorPlan) => JSON.stringify(toBody(a)) === JSON.stringify(toBody(b));
