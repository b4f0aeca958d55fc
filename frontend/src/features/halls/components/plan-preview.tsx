/**
 * The plan as a viewer will see it in the seat map (features/seats' hall grid): the screen on top,
 * free seats purple with a ring in their zone's colour, a sofa's two seats in one frame, wheelchair
 * spaces marked, unsold seats crossed out, and the legend. A picture for staff: screen readers get its summary, not a thousand seats.
 */
import { STANDARD_ZONE, type SeatZone } from '@kino/backend/contract';
import type { CSSProperties } from 'react';
import { columnsOf, seatKey, summary, type EditorPlan, type EditorSeat } from '../lib/plan-editor';
import styles from './plan-editor.module.css';

export function PlanPreview({
  plan,
  zones,
  pairs,
}: {
  plan: EditorPlan;
  zones: readonly SeatZone[];
  pairs: ReadonlyMap<string, number>;
}) {
  const byCode = new Map(zones.map((z) => [z.code, z]));
  const { capacity, wheelchair } = summary(plan);
  const used = new Set(plan.seats.map((s) => s.zone));
  return (
    <figure className={styles.preview}>
      <div
        className={styles.previewGrid}
        style={{ '--columns': columnsOf(plan) } as CSSProperties}
        role="img"
        aria-label={`Предпросмотр: ${plan.rows} рядов, ${capacity} мест в продаже${wheelchair ? `, мест для колясок: ${wheelchair}` : ''}`}
      >
        <div className={styles.screen}>Экран</div>
        {plan.seats.map((seat) => {
          const pair = pairs.get(seatKey(seat.row, seat.place));
          const partner =
            pair === undefined ? undefined : plan.seats.find((s) => s.row === seat.row && s.place === pair);
          // A sofa is drawn once, from its left seat: its two seats in one frame of the zone's colour.
          if (partner && partner.x < seat.x) return null;
          const color = byCode.get(seat.zone)?.color;
          const zone = seat.zone === STANDARD_ZONE ? undefined : ({ '--zone': color } as CSSProperties);
          const drawn = (s: EditorSeat) => (
            <span
              key={seatKey(s.row, s.place)}
              className={styles.previewSeat}
              data-blocked={s.blocked || undefined}
              data-zone={(!partner && zone && s.zone) || undefined}
            >
              {s.wheelchair ? '♿' : s.place}
            </span>
          );
          return (
            <span
              key={seatKey(seat.row, seat.place)}
              className={partner ? `${styles.previewCell} ${styles.previewSofa}` : styles.previewCell}
              style={{ gridRow: seat.row + 1, gridColumn: partner ? `${seat.x} / span 2` : seat.x, ...zone }}
            >
              {partner ? [seat, partner].map(drawn) : drawn(seat)}
            </span>
          );
        })}
      </div>
      <figcaption>
        <ul className={styles.legend}>
          {zones
            .filter((z) => used.has(z.code))
            .map((z) => (
              <li key={z.code}>
                <span
                  className={styles.swatch}
                  data-ring={z.code === STANDARD_ZONE ? undefined : true}
                  // A standard seat is drawn in the free seat's colour, as the seat map draws it.
                  style={z.code === STANDARD_ZONE ? undefined : ({ '--zone': z.color } as CSSProperties)}
                  aria-hidden="true"
                />
                {z.name}
                {z.seats_per_unit > 1 && ` (продаётся по ${z.seats_per_unit} места)`}
              </li>
            ))}
          {wheelchair > 0 && <li>♿ Место для зрителя на коляске</li>}
          <li>
            <span className={styles.swatch} data-blocked aria-hidden="true" />
            Не продаётся
          </li>
        </ul>
      </figcaption>
    </figure>
  );
}
