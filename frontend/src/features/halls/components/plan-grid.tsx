/**
 * The editable drawing of a hall: every seat a button at its row and column, painted with the chosen
 * tool by a click, a drag over several seats (mouse, pen or finger), or Enter / Space on the focused
 * seat; the arrow keys move between seats. A seat's name says its zone, flags and aisle.
 */
import { planSeatLabel, seatCode, type SeatZone } from '@kino/backend/contract';
import { useEffect, useRef, type CSSProperties, type KeyboardEvent, type PointerEvent } from 'react';
import { columnsOf, hasGapBefore, seatKey, type EditorPlan } from '../lib/plan-editor';
import styles from './plan-editor.module.css';

interface PlanGridProps {
  plan: EditorPlan;
  zones: ReadonlyMap<string, SeatZone>;
  pairs: ReadonlyMap<string, number>;
  /** Paint one seat; `first` starts a new stroke (its first seat decides what it does). */
  onPaint: (row: number, place: number, first: boolean) => void;
}

const seatOf = (target: EventTarget | Element | null) =>
  target instanceof Element ? target.closest<HTMLButtonElement>('button[data-place]') : null;

const position = (button: HTMLElement) => ({ row: Number(button.dataset.row), place: Number(button.dataset.place) });

export function PlanGrid({ plan, zones, pairs, onPaint }: PlanGridProps) {
  // Seats painted by the stroke under way (a drag paints each seat once).
  const stroke = useRef<Set<string> | null>(null);
  useEffect(() => {
    const end = () => (stroke.current = null);
    window.addEventListener('pointerup', end);
    window.addEventListener('pointercancel', end);
    return () => {
      window.removeEventListener('pointerup', end);
      window.removeEventListener('pointercancel', end);
    };
  }, []);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    const button = seatOf(event.target);
    if (!button || event.button !== 0) return;
    event.preventDefault();
    button.focus();
    const { row, place } = position(button);
    stroke.current = new Set([seatKey(row, place)]);
    onPaint(row, place, true);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (!stroke.current) return;
    const button = seatOf(document.elementFromPoint(event.clientX, event.clientY));
    if (!button) return;
    const { row, place } = position(button);
    const key = seatKey(row, place);
    if (stroke.current.has(key)) return;
    stroke.current.add(key);
    onPaint(row, place, false);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = { ArrowLeft: [0, -1], ArrowRight: [0, 1], ArrowUp: [-1, 0], ArrowDown: [1, 0] }[event.key];
    const button = seatOf(event.target);
    if (!step || !button) return;
    event.preventDefault();
    const { row, place } = position(button);
    event.currentTarget
      .querySelector<HTMLButtonElement>(`[data-row="${row + step[0]!}"][data-place="${place + step[1]!}"]`)
      ?.focus();
  };

  return (
    <div className={styles.scroll}>
      <div
        className={styles.grid}
        style={{ '--columns': columnsOf(plan) } as CSSProperties}
        role="group"
        aria-label="Места зала: выберите инструмент, затем нажмите на место или проведите по нескольким"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onKeyDown={onKeyDown}
      >
        <div className={styles.screen} aria-hidden="true">
          Экран
        </div>
        {Array.from({ length: plan.rows }, (_, i) => (
          <span key={i} className={styles.rowLabel} style={{ gridRow: i + 2 }} aria-hidden="true">
            {i + 1}
          </span>
        ))}
        {plan.seats.map((seat) => {
          const zone = zones.get(seat.zone);
          const pair = pairs.get(seatKey(seat.row, seat.place));
          const best = plan.best.row === seat.row && plan.best.x === seat.x;
          const gap = hasGapBefore(plan, seat) && seat.x > 1;
          const extras = [seat.blocked && 'не продаётся', gap && 'проход слева', best && 'лучшая точка зала'].filter(
            Boolean,
          );
          const label = planSeatLabel(
            {
              code: seatCode(seat.row, seat.place),
              wheelchair: seat.wheelchair,
              companion: seat.companion,
              pair: pair ? seatCode(seat.row, pair) : null,
            },
            zone?.name ?? seat.zone,
          );
          return (
            <button
              key={seatKey(seat.row, seat.place)}
              type="button"
              className={styles.seat}
              style={{ gridRow: seat.row + 1, gridColumn: seat.x + 1, '--zone': zone?.color } as CSSProperties}
              data-row={seat.row}
              data-place={seat.place}
              data-blocked={seat.blocked || undefined}
              data-best={best || undefined}
              aria-label={[label, ...extras].join(', ')}
              // A click from the keyboard (Enter, Space) has no pointer: the pointer paints on pointerdown.
              onClick={(event) => event.detail === 0 && onPaint(seat.row, seat.place, true)}
            >
              {seat.wheelchair ? '♿' : seat.companion ? 'С' : seat.place}
            </button>
          );
        })}
      </div>
    </div>
  );
}
