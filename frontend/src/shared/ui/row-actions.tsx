/**
 * A table row's own buttons ('Изменить', 'Отменить'…): small pills side by side, a destructive one in
 * the danger colour. Each names its row for screen readers (`aria-label`), since the text alone repeats.
 */
import type { ButtonHTMLAttributes, ReactNode } from 'react';
import styles from './row-actions.module.css';

export function RowActions({ children }: { children: ReactNode }) {
  return <div className={styles.actions}>{children}</div>;
}

export function RowButton({
  danger = false,
  ...button
}: ButtonHTMLAttributes<HTMLButtonElement> & { danger?: boolean; 'aria-label': string }) {
  return <button type="button" className={danger ? styles.danger : styles.small} {...button} />;
}

/** The same small pill on a button that is not a row's own (a preset, a row form's «Сохранить»). */
export const smallButtonClass = styles.small;
