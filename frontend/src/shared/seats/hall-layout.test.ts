import { describe, expect, it } from 'vitest';
import { defaultPlan, neighbour, planRows, planSeat as seat } from './hall-layout';

// Row 1: places 1–2, an aisle, places 3–4. Row 2: a sofa (places 1–2), an aisle, place 3. Row 3 empty. Row 4: one seat.
const seats = [
  seat(1, 1, 1),
  seat(1, 2, 2),
  seat(1, 3, 4),
  seat(1, 4, 5),
  seat(2, 1, 1, { zone: 'sofa', pair: 'r2m2' }),
  seat(2, 2, 2, { zone: 'sofa', pair: 'r2m1' }),
  seat(2, 3, 4),
  seat(4, 1, 3),
];

describe('hall layout', () => {
  it('draws SPEC’s hall as 10 rows of 11 seats side by side', () => {
    const rows = planRows(defaultPlan({ id: 1, name: 'Зал 1' }));
    expect(rows).toHaveLength(10);
    expect(
      rows.every((r) => r.units.length === 11 && r.units.every((u, i) => u.kind === 'seat' && u.x === i + 1)),
    ).toBe(true);
  });

  it('puts a sofa’s two seats in one unit, keeps aisles in x and an empty row as a gap', () => {
    const rows = planRows({ rows: 4, seats });
    expect(rows.map((r) => r.units.map((u) => (u.kind === 'sofa' ? `sofa@${u.x}` : `${u.seat.code}@${u.x}`)))).toEqual([
      ['r1m1@1', 'r1m2@2', 'r1m3@4', 'r1m4@5'],
      ['sofa@1', 'r2m3@4'],
      [],
      ['r4m1@3'],
    ]);
  });

  it('moves along a row across the aisle, and stops at the edge', () => {
    expect(neighbour(seats, 'r1m2', 'right')).toBe('r1m3');
    expect(neighbour(seats, 'r1m3', 'left')).toBe('r1m2');
    expect(neighbour(seats, 'r1m4', 'right')).toBeNull();
  });

  it('steps over seats that cannot take focus', () => {
    expect(neighbour(seats, 'r1m1', 'right', (code) => code !== 'r1m2')).toBe('r1m3');
  });

  it('moves up and down to the nearest column of the next row with seats, over an empty row', () => {
    expect(neighbour(seats, 'r1m4', 'down')).toBe('r2m3');
    expect(neighbour(seats, 'r2m3', 'down')).toBe('r4m1');
    // x 3 is as near to x 2 as to x 4: the left one.
    expect(neighbour(seats, 'r4m1', 'up')).toBe('r2m2');
    expect(neighbour(seats, 'r4m1', 'up', (code) => code !== 'r2m2')).toBe('r2m3');
    expect(neighbour(seats, 'r1m1', 'up')).toBeNull();
  });
});
