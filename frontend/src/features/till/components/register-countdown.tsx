/**
 * The cash register's shift on the till's strip: its number and the time left of its 24 hours (a register
 * refuses sales after that until the shift is closed: REGISTRIES.md §1.8). Under 30 minutes it warns;
 * past the limit it says, as an alert, that the shift must be closed.
 */
import { fromCinemaTime, type RegisterShift } from '@kino/backend/contract';
import { useEffect, useState } from 'react';
import styles from './till.module.css';

const TICK_MS = 30_000;
const WARN_MS = 30 * 60_000;

function useClock() {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), TICK_MS);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

/** 23 ч 05 мин */
function hoursMinutes(ms: number): string {
  const minutes = Math.max(0, Math.floor(ms / 60_000));
  return `${Math.floor(minutes / 60)} ч ${String(minutes % 60).padStart(2, '0')} мин`;
}

export function RegisterCountdown({ register }: { register: RegisterShift | null }) {
  const now = useClock();
  if (!register) return <span>Касса (ККТ): смена не открыта</span>;
  if (!register.expires_at) return <span>Смена кассы №{register.shift_number}</span>;
  const left = fromCinemaTime(register.expires_at).getTime() - now;
  if (left <= 0) {
    return (
      <span role="alert" className={styles.error} data-testid="register-expired">
        Смена кассы №{register.shift_number} длится больше 24 часов: закройте смену (Z-отчёт) и откройте новую — до
        этого касса не продаёт
      </span>
    );
  }
  return (
    <span className={left < WARN_MS ? styles.error : undefined} data-testid="register-countdown">
      Смена кассы №{register.shift_number}: до 24 часов осталось <strong>{hoursMinutes(left)}</strong>
      {left < WARN_MS && ' — скоро закройте смену'}
    </span>
  );
}
