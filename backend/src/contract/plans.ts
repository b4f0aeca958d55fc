/**
 * Hall plans (docs/architecture.md, "Prices and halls"): a hall is rows of seats with aisle gaps, each seat in a
 * zone (Стандарт, VIP, Диван) and with flags. Seat codes stay SPEC's 'r{row}m{place}'; `x` is the
 * seat's column on the drawing, so a gap in x is an aisle. A sofa is two seats of the sofa zone
 * side by side, sold together (`pair`). SPEC's 10 × 11 standard seats is every hall's default plan.
 */
import { IdParamsSchema } from './common';
import { MAX_PLAN_COLUMNS, MAX_PLAN_PLACES, MAX_PLAN_ROWS } from './constants';
import { PUBLIC, requires, type EndpointMap } from './endpoint';
import { parseSeatCode, SeatCodeSchema, type SeatCode } from './seats';
import { z } from './zod';

/** Wheelchair spaces are held back a week before a session at most (the database's check too). */
export const MAX_WHEELCHAIR_HOLD_BACK_HOURS = 168;

export const ZoneCodeSchema = z.string().regex(/^[a-z][a-z0-9-]{0,19}$/, 'Неизвестная зона');

/** A seat zone as the legend shows it. */
export const SeatZoneSchema = z.strictObject({
  code: ZoneCodeSchema,
  name: z.string(),
  /** '#rrggbb' */
  color: z.string(),
  /** 2 for a sofa: its seats are sold together. */
  seats_per_unit: z.number().int(),
});
export type SeatZone = z.infer<typeof SeatZoneSchema>;

/** PUT /api/seat-zones/{code}: how a zone is named and drawn (what it costs is on the price cards). */
export const SeatZoneBodySchema = z.strictObject({
  name: z.string().trim().min(1, 'Введите название').max(60, 'Не длиннее 60 символов'),
  color: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^#[0-9a-f]{6}$/, 'Цвет в виде #rrggbb'),
});
export type SeatZoneBody = z.infer<typeof SeatZoneBodySchema>;

export const PlanSeatSchema = z.strictObject({
  code: SeatCodeSchema,
  row: z.number().int().min(1).max(MAX_PLAN_ROWS),
  place: z.number().int().min(1).max(MAX_PLAN_PLACES),
  /** Column on the drawing (1…MAX_PLAN_COLUMNS): places of a row side by side when their x differ by 1. */
  x: z.number().int().min(1).max(MAX_PLAN_COLUMNS),
  zone: ZoneCodeSchema,
  /** A space for a wheelchair (sold like a seat, announced as such). */
  wheelchair: z.boolean(),
  /** A seat for a wheelchair user's companion. */
  companion: z.boolean(),
  /** Not sold (broken, reserved for the projectionist…). */
  blocked: z.boolean(),
  /** The other seat of the same sofa. */
  pair: SeatCodeSchema.nullable(),
});
export type PlanSeat = z.infer<typeof PlanSeatSchema>;

/** GET /api/halls/{id}/plan */
export const HallPlanSchema = z.strictObject({
  hall_id: z.number().int(),
  name: z.string(),
  /** Rows drawn and columns drawn (the widest row's last x). */
  rows: z.number().int(),
  columns: z.number().int(),
  /** Sellable seats: the hall's capacity. */
  capacity: z.number().int(),
  /** Where the best view is (the 'Лучшие места' pick starts there). */
  best: z.strictObject({ row: z.number().int(), x: z.number().int() }),
  /**
   * Wheelchair spaces go on general sale this many hours before a session (the till sells them
   * earlier too); null: on sale like any seat.
   */
  wheelchair_hold_back_hours: z.number().int().nullable(),
  /** The hall's name as registered in ЕАИС (`showroom` of its reports); null: its own name is sent. */
  showroom: z.string().nullable(),
  seats: z.array(PlanSeatSchema),
  zones: z.array(SeatZoneSchema),
});
export type HallPlan = z.infer<typeof HallPlanSchema>;

const PlanSeatInputSchema = PlanSeatSchema.omit({ code: true, pair: true }).extend({
  wheelchair: z.boolean().default(false),
  companion: z.boolean().default(false),
  blocked: z.boolean().default(false),
});
export type PlanSeatInput = z.input<typeof PlanSeatInputSchema>;

/**
 * PUT /api/halls/{id}/plan: every seat of the new plan (codes and sofa pairs follow from rows,
 * places and zones: two neighbouring sofa-zone seats, left to right, make a sofa).
 */
export const HallPlanBodySchema = z
  .strictObject({
    seats: z
      .array(PlanSeatInputSchema)
      .min(1, 'В зале должно быть хотя бы одно место')
      .max(MAX_PLAN_ROWS * MAX_PLAN_PLACES, 'Слишком много мест'),
    best: z
      .strictObject({
        row: z.number().int().min(1).max(MAX_PLAN_ROWS),
        x: z.number().int().min(1).max(MAX_PLAN_COLUMNS),
      })
      .optional(),
    /** Wheelchair spaces held back from general sale until this many hours before a session; absent or null: not held back. */
    wheelchair_hold_back_hours: z
      .number()
      .int('Целое число часов')
      .min(1, 'От 1 до 168 часов')
      .max(MAX_WHEELCHAIR_HOLD_BACK_HOURS, 'От 1 до 168 часов')
      .nullable()
      .optional(),
    /** The hall's name as registered in ЕАИС; absent: unchanged, empty or null: the hall's own name. */
    showroom: z
      .string()
      .trim()
      .max(100, 'Не длиннее 100 символов')
      .transform((v) => v || null)
      .nullable()
      .optional(),
  })
  .superRefine(({ seats }, ctx) => {
    const codes = new Set<string>();
    const spots = new Set<string>();
    for (const [i, seat] of seats.entries()) {
      const code = `r${seat.row}m${seat.place}`;
      if (codes.has(code))
        ctx.addIssue({ code: 'custom', path: ['seats', i], message: `Место ${code} указано дважды` });
      const spot = `${seat.row}:${seat.x}`;
      if (spots.has(spot))
        ctx.addIssue({ code: 'custom', path: ['seats', i], message: `Два места ряда ${seat.row} в одной позиции` });
      codes.add(code);
      spots.add(spot);
    }
  });
export type HallPlanBody = z.input<typeof HallPlanBodySchema>;

/** Seat codes of a plan, row by row, left to right. */
export const planSeatCodes = (seats: readonly Pick<PlanSeat, 'code' | 'row' | 'x'>[]): SeatCode[] =>
  seats.toSorted((a, b) => a.row - b.row || a.x - b.x).map((s) => s.code);

/** SPEC's hall: rows 1–10, places 1–11, all standard, no aisles. */
export const DEFAULT_PLAN_SIZE = { rows: 10, places: 11 } as const;

/** 'Ряд 3, место 5' plus what a screen reader should know about the seat. */
export function planSeatLabel(seat: Pick<PlanSeat, 'code' | 'wheelchair' | 'companion' | 'pair'>, zone?: string) {
  const { row, place } = parseSeatCode(seat.code);
  const parts = [`Ряд ${row}, место ${place}`];
  if (zone) parts.push(zone);
  if (seat.wheelchair) parts.push('место для зрителя на коляске');
  if (seat.companion) parts.push('место сопровождающего');
  if (seat.pair) parts.push(`диван на двоих вместе с местом ${parseSeatCode(seat.pair).place}`);
  return parts.join(', ');
}

export const planEndpoints = {
  'GET /seat-zones': { summary: 'Зоны мест: Стандарт, VIP, Диван', access: PUBLIC, response: z.array(SeatZoneSchema) },
  'PUT /seat-zones/:code': {
    summary: 'Изменить название и цвет зоны мест',
    access: requires('prices', 'update'),
    params: z.strictObject({ code: ZoneCodeSchema }),
    body: SeatZoneBodySchema,
    response: SeatZoneSchema,
  },
  'GET /halls/:id/plan': {
    summary: 'План зала: ряды, места с зоной и отметками (коляска, сопровождающий, не продаётся, диван)',
    access: PUBLIC,
    params: IdParamsSchema,
    response: HallPlanSchema,
  },
  'PUT /halls/:id/plan': {
    summary: 'Изменить план зала; 409 с сеансами, если проданное или занятое место убирается или блокируется',
    access: requires('halls', 'update'),
    params: IdParamsSchema,
    body: HallPlanBodySchema,
    response: HallPlanSchema,
  },
} as const satisfies EndpointMap;
