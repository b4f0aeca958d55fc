/**
 * 'Лучшие места': how many seats (1–6) and a button; the server holds that many adjacent seats nearest
 * the hall's best point, or says why it cannot.
 */
import { MAX_SEATS_PER_PURCHASE } from '@kino/backend/contract';
import { useState } from 'react';
import styles from './best-seats.module.css';

const COUNTS = Array.from({ length: MAX_SEATS_PER_PURCHASE }, (_, i) => i + 1);

export function BestSeats({
  disabled,
  busy,
  onPick,
}: {
  disabled: boolean;
  busy: boolean;
  onPick(count: number): void;
}) {
  const [count, setCount] = useState(2);
  return (
    <div className={styles.best} role="group" aria-label="Подобрать лучшие места">
      <label htmlFor="best-seats-count">Мест рядом</label>
      <select
        id="best-seats-count"
        className={styles.count}
        value={count}
        disabled={disabled}
        onChange={(event) => setCount(Number(event.target.value))}
      >
        {COUNTS.map((n) => (
          <option key={n} value={n}>
            {n}
          </option>
        ))}
      </select>
      <button
        type="button"
        className={styles.button}
        disabled={disabled || busy}
        aria-busy={busy}
        onClick={() => onPick(count)}
      >
        {busy ? 'Подбираем...' : 'Лучшие места'}
      </button>
    </div>
  );
}
