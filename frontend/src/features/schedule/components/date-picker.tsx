import { formatDayMonth } from '../../../shared/lib/format';
import styles from './date-picker.module.css';

interface DatePickerProps {
  dates: readonly string[];
  value: string;
  onChange: (date: string) => void;
  label: string;
}

/** A row of date buttons labelled as day and month in Russian; the chosen one is pressed. */
export function DatePicker({ dates, value, onChange, label }: DatePickerProps) {
  return (
    <div className={styles.dates} role="group" aria-label={label}>
      {dates.map((date) => (
        <button
          key={date}
          type="button"
          className={styles.date}
          aria-pressed={date === value}
          onClick={() => onChange(date)}
        >
          {formatDayMonth(date)}
        </button>
      ))}
    </div>
  );
}
