import { HALL_PLACES, HALL_ROWS, seatCode, seatLabel, type SeatCode, type SeatState } from '@kino/backend/contract';
import type { KeyboardEvent } from 'react';
import styles from './hall-grid.module.css';

interface HallGridProps {
  seats: ReadonlyMap<SeatCode, Exclude<SeatState, 'free'>>;
  /** Seats whose request is on its way. */
  pending: ReadonlySet<SeatCode>;
  disabled: boolean;
  onToggle(seat: SeatCode): void;
}

const ROWS = Array.from({ length: HALL_ROWS }, (_, i) => i + 1);
const PLACES = Array.from({ length: HALL_PLACES }, (_, i) => i + 1);
// Sold and held look alike (occupied); a screen reader also hears which of the two it is.
const STATE_LABEL = { sold: 'продано', held: 'занято', mine: 'выбрано' } as const;

/** Arrow keys move between seats like a grid. */
function moveFocus(event: KeyboardEvent<HTMLDivElement>) {
  const step = { ArrowLeft: [0, -1], ArrowRight: [0, 1], ArrowUp: [-1, 0], ArrowDown: [1, 0] }[event.key];
  const current = (event.target as HTMLElement).dataset;
  if (!step || !current.row) return;
  const row = Math.min(HALL_ROWS, Math.max(1, Number(current.row) + step[0]!));
  const place = Math.min(HALL_PLACES, Math.max(1, Number(current.place) + step[1]!));
  event.currentTarget.querySelector<HTMLButtonElement>(`[data-row="${row}"][data-place="${place}"]`)?.focus();
  event.preventDefault();
}

/** The hall, 10 rows of 11 seats: every seat a button named 'Ряд 3, место 5'. */
export function HallGrid({ seats, pending, disabled, onToggle }: HallGridProps) {
  return (
    <div className={styles.hall}>
      <div className={styles.screen} aria-hidden="true">
        Экран
      </div>
      <div className={styles.grid} role="group" aria-label="Места в зале" onKeyDown={moveFocus}>
        {ROWS.map((row) => (
          <div key={row} className={styles.row}>
            <span className={styles.rowLabel} aria-hidden="true">
              {row}
            </span>
            {PLACES.map((place) => {
              const code = seatCode(row, place);
              const state = seats.get(code);
              const taken = state === 'sold' || state === 'held';
              return (
                <button
                  key={code}
                  type="button"
                  className={styles.seat}
                  data-state={state === 'mine' ? 'selected' : taken ? 'occupied' : 'free'}
                  data-row={row}
                  data-place={place}
                  aria-label={state ? `${seatLabel(code)}, ${STATE_LABEL[state]}` : seatLabel(code)}
                  aria-pressed={state === 'mine'}
                  aria-busy={pending.has(code)}
                  disabled={disabled || taken}
                  onClick={() => onToggle(code)}
                >
                  {place}
                </button>
              );
            })}
          </div>
        ))}
      </div>
    </div>
  );
}
