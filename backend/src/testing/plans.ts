/** Hall plans for tests, as the back office's editor sends them (PUT /api/halls/{id}/plan). */
import type { HallPlanBody, PlanSeatInput } from '../contract/plans';

/** rows × places; `zoneOf(row)`; an aisle after place `aisleAfter` (x jumps by 2). */
export function planOf(
  rows: number,
  places: number,
  {
    zoneOf = () => 'standard',
    aisleAfter,
    flags = {},
  }: {
    zoneOf?: (row: number) => string;
    aisleAfter?: number;
    flags?: Record<string, Partial<PlanSeatInput>>;
  } = {},
): HallPlanBody {
  const seats: PlanSeatInput[] = [];
  for (let row = 1; row <= rows; row++)
    for (let place = 1; place <= places; place++)
      seats.push({
        row,
        place,
        x: aisleAfter !== undefined && place > aisleAfter ? place + 1 : place,
        zone: zoneOf(row),
        ...flags[`r${row}m${place}`],
      });
  return { seats };
}
