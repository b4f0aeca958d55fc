/**
 * Time to choose (WCAG 2.2.1, docs/architecture.md "Seat selection protocol"): two minutes before my
 * holds end, a live region says so and offers «Продлить» — once per hold, as the server allows
 * (`seats:extend`). The region is on the page from the start, so a screen reader announces the
 * warning when it appears; its text does not tick with the countdown beside it.
 */
import { HOLD_WARNING_SECONDS, SEAT_REFUSAL_MESSAGES } from '@kino/backend/contract';
import { useState } from 'react';
import { SeatRefused } from './seat-room';
import styles from './hold-warning.module.css';

interface HoldWarningProps {
  /** Milliseconds left on my holds, or null without them. */
  remaining: number | null;
  /** I hold seats. */
  holding: boolean;
  /** Extended once already. */
  extended: boolean;
  onExtend(): Promise<void>;
}

/** Whether the warning shows: holds that end within HOLD_WARNING_SECONDS and have not ended. */
export const holdEndsSoon = (remaining: number | null, holding: boolean) =>
  holding && remaining !== null && remaining > 0 && remaining <= HOLD_WARNING_SECONDS * 1000;

export function HoldWarning({ remaining, holding, extended, onExtend }: HoldWarningProps) {
  const [busy, setBusy] = useState(false);
  const [answer, setAnswer] = useState<{ ok: boolean; text: string } | null>(null);
  const soon = holdEndsSoon(remaining, holding);

  async function extend() {
    setBusy(true);
    try {
      await onExtend();
      setAnswer({ ok: true, text: 'Бронь продлена: время на выбор и оплату прибавилось' });
    } catch (err) {
      setAnswer({
        ok: false,
        text: err instanceof SeatRefused ? err.message : SEAT_REFUSAL_MESSAGES.unavailable,
      });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div aria-live="assertive" aria-atomic="true">
      {soon && (
        <div className={styles.warning}>
          <p>
            Бронь мест скоро закончится: осталось меньше {HOLD_WARNING_SECONDS / 60} минут.
            {extended ? ' Продлить её можно только один раз.' : ' Нужно больше времени? Продлите бронь.'}
          </p>
          {!extended && (
            <button
              type="button"
              className={styles.extend}
              disabled={busy}
              aria-busy={busy}
              onClick={() => void extend()}
            >
              {busy ? 'Продлеваем...' : 'Продлить'}
            </button>
          )}
          {answer && !answer.ok && <p className={styles.error}>{answer.text}</p>}
        </div>
      )}
      {!soon && holding && answer?.ok && <p className={styles.done}>{answer.text}</p>}
    </div>
  );
}
