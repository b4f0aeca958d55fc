import { formatDateChip } from '../../../shared/lib/format';
import styles from './date-picker.module.css';

interface DatePickerProps {
  dates: readonly string[];
  /** The cinema's date: its chip says «Сегодня», the next one «Завтра». */
  today: string;
  value: string;
  onChange: (date: string) => void;
  label: string;
}

/** A row of date buttons («Сегодня, 25 ноября», «пт, 28 ноября»); the chosen one is pressed. */
export function DatePicker({ dates, today, value, onChange, label }: DatePickerProps) {
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
          {formatDateChip(date, today)}
        </button>
      ))}
    </div>
  );
}
