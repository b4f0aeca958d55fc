/**
 * What stands in a live hall's place until it can be picked from, as the website's seat popover and
 * the till show it: a cancelled or unknown session (the API's reason), a plan that did not load (with
 * a retry), loading and reconnecting; otherwise its children (the grid and what goes with it).
 */
import type { ReactNode } from 'react';
import { isClientError } from '../api/client';
import type { SeatMapStatus } from './seat-room';
import styles from './hall-status.module.css';

interface HallStatusProps {
  session: { isError: boolean; error: unknown };
  mapStatus: SeatMapStatus;
  plan: { isError: boolean; isSuccess: boolean; refetch(): unknown };
  /** Said after a failed read of the session that may pass (e.g. 'Попробуйте ещё раз'). */
  retryHint?: string;
  /** Said after every failure of the session (e.g. the till's 'Выберите другой'). */
  next?: string;
  children: ReactNode;
}

const sentences = (...parts: (string | undefined)[]) => parts.filter(Boolean).join('. ');

export function HallStatus({ session, mapStatus, plan, retryHint, next, children }: HallStatusProps) {
  if (session.isError) {
    // A cancelled or unknown session says why (409, 404; asked again when its map closes).
    const text = isClientError(session.error)
      ? sentences(session.error.message, next)
      : sentences('Не удалось загрузить сеанс', retryHint, next);
    return <p role="alert">{text}</p>;
  }
  if (mapStatus === 'missing') return <p role="alert">{sentences('Такого сеанса нет', next)}</p>;
  if (plan.isError) {
    return (
      <p role="alert">
        Не удалось загрузить схему зала.{' '}
        <button type="button" className={styles.retry} onClick={() => void plan.refetch()}>
          Попробовать снова
        </button>
      </p>
    );
  }
  return (
    <>
      {(mapStatus === 'connecting' || !plan.isSuccess) && <p className={styles.status}>Загрузка зала...</p>}
      {mapStatus === 'offline' && (
        <p className={styles.status} role="status">
          Нет связи с сервером, переподключаемся...
        </p>
      )}
      {children}
    </>
  );
}
