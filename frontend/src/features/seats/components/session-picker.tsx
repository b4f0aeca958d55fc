import { toCinemaDate } from '@kino/backend/contract';
import { useId } from 'react';
import { formatDayMonth, formatTime } from '../../../shared/lib/format';
import type { SessionChoice } from '../../../shared/seats/seat-popover';
import styles from './seat-popover.module.css';

interface SessionPickerProps {
  choices: SessionChoice[];
  sessionId: number;
  onChange(sessionId: number): void;
}

/** Film page: a date selector and a time selector; choosing a date takes its first session. */
export function SessionPicker({ choices, sessionId, onChange }: SessionPickerProps) {
  const id = useId();
  const sorted = choices.toSorted((a, b) => a.start_time.localeCompare(b.start_time));
  const current = sorted.find((c) => c.id === sessionId) ?? sorted[0]!;
  const date = current.start_time.slice(0, 10);
  const dates = [...new Set(sorted.map((c) => c.start_time.slice(0, 10)))];
  const times = sorted.filter((c) => c.start_time.startsWith(date));
  return (
    <div className={styles.picker}>
      <label htmlFor={`${id}-date`}>Дата</label>
      <select
        id={`${id}-date`}
        value={date}
        onChange={(e) => onChange(sorted.find((c) => c.start_time.startsWith(e.target.value))!.id)}
      >
        {dates.map((d) => (
          <option key={d} value={d}>
            {formatDayMonth(d)}
            {d === toCinemaDate(new Date()) ? ' (сегодня)' : ''}
          </option>
        ))}
      </select>
      <label htmlFor={`${id}-time`}>Время</label>
      <select id={`${id}-time`} value={current.id} onChange={(e) => onChange(Number(e.target.value))}>
        {times.map((c) => (
          <option key={c.id} value={c.id}>
            {formatTime(c.start_time)}
          </option>
        ))}
      </select>
    </div>
  );
}
