import { differenceText } from '@kino/backend/contract';
import styles from './shifts.module.css';

/**
 * The difference at the count in words ('Недостача 50 ₽', 'Излишек 50 ₽', 'Без расхождений': a colour alone
 * says nothing to a screen reader), marked when there is one.
 */
export function Difference({ value }: { value: number }) {
  const className = value === 0 ? styles.even : value < 0 ? styles.short : styles.over;
  return <span className={className}>{differenceText(value)}</span>;
}
