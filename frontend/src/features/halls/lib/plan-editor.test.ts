import { describe, expect, it } from 'vitest';
import {
  apply,
  columnsOf,
  fromPlan,
  hasGapBefore,
  resize,
  sizeProblem,
  sofaPairs,
  strokeOf,
  summary,
  toBody,
  type EditorPlan,
} from './plan-editor';

const empty: EditorPlan = { rows: 0, places: 0, seats: [], best: { row: 1, x: 1 }, holdBackHours: null, showroom: '' };
/** SPEC's hall: 10 × 11 standard seats. */
const spec = () => resize(empty, 10, 11);
const seat = (plan: EditorPlan, row: number, place: number) =>
  plan.seats.find((s) => s.row === row && s.place === place)!;

describe('plan editor', () => {
  it('makes SPEC’s 10 × 11 hall of standard seats side by side', () => {
    const plan = spec();
    expect(plan.seats).toHaveLength(110);
    expect(columnsOf(plan)).toBe(11);
    expect(seat(plan, 3, 5)).toMatchObject({ x: 5, zone: 'standard', blocked: false });
    expect(summary(plan).capacity).toBe(110);
  });

  it('shrinks and grows keeping the seats that stay, new seats right of the row’s last', () => {
    let plan = apply(spec(), { kind: 'gap', on: true }, 1, 6);
    plan = resize(plan, 8, 12);
    expect(plan.seats).toHaveLength(96);
    expect(seat(plan, 1, 11).x).toBe(12);
    expect(seat(plan, 1, 12).x).toBe(13);
    expect(seat(plan, 2, 12).x).toBe(12);
    expect(plan.seats.some((s) => s.row > 8)).toBe(false);
  });

  it('refuses sizes outside the editor’s limits in Russian', () => {
    expect(sizeProblem(0, 10)).toMatch(/Рядов/);
    expect(sizeProblem(10, 41)).toMatch(/Мест в ряду/);
    expect(sizeProblem(30, 40)).toBeUndefined();
  });

  it('paints a zone and toggles a flag from the seat the stroke starts on', () => {
    let plan = spec();
    const vip = strokeOf(plan, { kind: 'zone', zone: 'vip' }, seat(plan, 10, 1));
    for (let place = 1; place <= 11; place++) plan = apply(plan, vip, 10, place);
    expect(summary(plan).zones.get('vip')).toBe(11);

    const block = strokeOf(plan, { kind: 'flag', flag: 'blocked' }, seat(plan, 1, 1));
    expect(block).toEqual({ kind: 'flag', flag: 'blocked', on: true });
    plan = apply(apply(plan, block, 1, 1), block, 1, 2);
    expect(summary(plan)).toMatchObject({ capacity: 108, blocked: 2 });
    const unblock = strokeOf(plan, { kind: 'flag', flag: 'blocked' }, seat(plan, 1, 1));
    expect(unblock).toMatchObject({ on: false });
    expect(summary(apply(plan, unblock, 1, 1)).blocked).toBe(1);
  });

  it('keeps wheelchair and companion apart on one seat', () => {
    let plan = apply(spec(), { kind: 'flag', flag: 'wheelchair', on: true }, 5, 1);
    plan = apply(plan, { kind: 'flag', flag: 'companion', on: true }, 5, 1);
    expect(seat(plan, 5, 1)).toMatchObject({ wheelchair: false, companion: true });
  });

  it('opens an aisle before a seat by shifting it and the rest of its row, and closes it again', () => {
    let plan = spec();
    plan = apply(plan, strokeOf(plan, { kind: 'gap' }, seat(plan, 4, 6)), 4, 6);
    expect(hasGapBefore(plan, seat(plan, 4, 6))).toBe(true);
    expect([seat(plan, 4, 5).x, seat(plan, 4, 6).x, seat(plan, 4, 11).x]).toEqual([5, 7, 12]);
    expect(seat(plan, 3, 6).x).toBe(6);
    expect(columnsOf(plan)).toBe(12);
    const close = strokeOf(plan, { kind: 'gap' }, seat(plan, 4, 6));
    expect(close).toEqual({ kind: 'gap', on: false });
    plan = apply(plan, close, 4, 6);
    expect(seat(plan, 4, 11).x).toBe(11);
    // Closing where there is no aisle changes nothing.
    expect(apply(plan, close, 4, 6)).toBe(plan);
  });

  it('pairs sofa seats left to right as the server will, and reports a seat left alone', () => {
    let plan = resize(empty, 2, 5);
    for (let place = 1; place <= 5; place++) plan = apply(plan, { kind: 'zone', zone: 'sofa' }, 2, place);
    const { pairs, single } = sofaPairs(plan, new Set(['sofa']));
    expect(pairs.get('2:1')).toBe(2);
    expect(pairs.get('2:4')).toBe(3);
    expect(single.map((s) => s.place)).toEqual([5]);
    // An aisle between two sofa seats parts them.
    plan = apply(plan, { kind: 'gap', on: true }, 2, 2);
    expect(sofaPairs(plan, new Set(['sofa'])).pairs.has('2:1')).toBe(false);
  });

  it('sends every seat and the best point, as a server plan reads back', () => {
    const plan = apply(spec(), { kind: 'best' }, 7, 6);
    const body = toBody(plan);
    expect(body.seats).toHaveLength(110);
    expect(body.best).toEqual({ row: 7, x: 6 });
    const back = fromPlan({
      best: body.best!,
      seats: body.seats.map((s) => ({
        ...s,
        code: `r${s.row}m${s.place}` as never,
        pair: null,
        wheelchair: s.wheelchair ?? false,
        companion: s.companion ?? false,
        blocked: s.blocked ?? false,
      })),
    });
    expect(back).toEqual(plan);
  });

  it('keeps the wheelchair hold-back through a resize, and sends it (null: not held back)', () => {
    expect(toBody(spec()).wheelchair_hold_back_hours).toBeNull();
    const plan = resize({ ...spec(), holdBackHours: 24 }, 8, 9);
    expect(toBody(plan).wheelchair_hold_back_hours).toBe(24);
    expect(fromPlan({ seats: [], best: { row: 1, x: 1 }, wheelchair_hold_back_hours: 6 }).holdBackHours).toBe(6);
  });
});
