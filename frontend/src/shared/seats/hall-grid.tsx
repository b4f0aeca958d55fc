/**
 * The hall as its plan draws it (GET /api/halls/{id}/plan): rows of seats at their columns, aisles
 * where the columns skip, a sofa's two seats in one frame. The colour says the seat's state (SPEC:
 * occupied grey, free purple, selected green); a ring in the zone's colour says its zone. Every seat is
 * a button named as planSeatLabel says ('Ряд 3, место 5', plus the zone, a wheelchair space, the sofa);
 * blocked seats are drawn but cannot be chosen. Arrow keys move between seats across aisles.
 */
import { planSeatLabel, type HallPlan, type PlanSeat, type SeatCode, type SeatState } from '@kino/backend/contract';
import type { CSSProperties, KeyboardEvent } from 'react';
import { KEY_DIRECTIONS, neighbour, planRows } from './hall-layout';
import styles from './hall-grid.module.css';

interface HallGridProps {
  plan: HallPlan;
  seats: ReadonlyMap<SeatCode, Exclude<SeatState, 'free'>>;
  /** Seats whose request is on its way. */
  pending: ReadonlySet<SeatCode>;
  disabled: boolean;
  onToggle(seat: PlanSeat): void;
}

// Sold and held look alike (occupied); a screen reader also hears which of the two it is.
const STATE_LABEL = { sold: 'продано', held: 'занято', mine: 'выбрано' } as const;

export function HallGrid({ plan, seats, pending, disabled, onToggle }: HallGridProps) {
  const zones = new Map(plan.zones.map((z) => [z.code, z]));
  const rows = planRows(plan);
  const zoneColor = (code: string): CSSProperties | undefined => {
    const color = zones.get(code)?.color;
    return color && code !== 'standard' ? ({ '--zone': color } as CSSProperties) : undefined;
  };

  /** Arrow keys: to the next seat that can take focus, across aisles and over taken seats. */
  function moveFocus(event: KeyboardEvent<HTMLDivElement>) {
    const direction = KEY_DIRECTIONS[event.key];
    const from = (event.target as HTMLElement).dataset.seat;
    if (!direction || !from) return;
    event.preventDefault();
    const grid = event.currentTarget;
    const button = (code: string) => grid.querySelector<HTMLButtonElement>(`[data-seat="${code}"]`);
    const to = neighbour(plan.seats, from, direction, (code) => button(code)?.disabled === false);
    if (to) button(to)?.focus();
  }

  function seatButton(seat: PlanSeat) {
    const state = seats.get(seat.code);
    const taken = state === 'sold' || state === 'held';
    const zone = zones.get(seat.zone);
    // SPEC's hall keeps SPEC's names: the zone is named only where it is not the standard one.
    const label = planSeatLabel(seat, seat.zone === 'standard' ? undefined : zone?.name);
    const status = seat.blocked ? 'не продаётся' : state ? STATE_LABEL[state] : null;
    return (
      <button
        key={seat.code}
        type="button"
        className={styles.seat}
        data-state={seat.blocked ? 'blocked' : state === 'mine' ? 'selected' : taken ? 'occupied' : 'free'}
        data-zone={seat.zone === 'standard' ? undefined : seat.zone}
        data-seat={seat.code}
        data-row={seat.row}
        data-place={seat.place}
        style={zoneColor(seat.zone)}
        aria-label={status ? `${label}, ${status}` : label}
        aria-pressed={state === 'mine'}
        aria-busy={pending.has(seat.code)}
        disabled={disabled || taken || seat.blocked}
        onClick={() => onToggle(seat)}
      >
        {seat.wheelchair ? (
          <span className={styles.icon} aria-hidden="true">
            ♿
          </span>
        ) : (
          seat.place
        )}
      </button>
    );
  }

  return (
    <div className={styles.hall}>
      <div className={styles.screen} aria-hidden="true">
        Экран
      </div>
      {/* A hall wider than the screen scrolls sideways; the seats keep a size a finger can hit. */}
      <div className={styles.scroll}>
        <div
          className={styles.grid}
          role="group"
          aria-label="Места в зале"
          onKeyDown={moveFocus}
          style={{ '--columns': plan.columns, '--rows': plan.rows } as CSSProperties}
        >
          {rows.map(({ row, units }) => (
            <div key={row} className={styles.row}>
              <span className={styles.rowLabel} aria-hidden="true">
                {units.length > 0 ? row : ''}
              </span>
              {units.map((unit) =>
                unit.kind === 'seat' ? (
                  <span key={unit.seat.code} className={styles.cell} style={{ gridColumn: unit.x + 1 }}>
                    {seatButton(unit.seat)}
                  </span>
                ) : (
                  <span
                    key={unit.seats[0].code}
                    className={`${styles.cell} ${styles.sofa}`}
                    style={{ gridColumn: `${unit.x + 1} / span 2`, ...zoneColor(unit.seats[0].zone) }}
                  >
                    {unit.seats.map(seatButton)}
                  </span>
                ),
              )}
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}
