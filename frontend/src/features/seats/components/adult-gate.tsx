import { ADULT_AGE } from '../lib/adult-confirmation';
import styles from './adult-gate.module.css';

/** Before the hall of an 18+ film: the viewer confirms their age, or goes back. */
export function AdultGate({ title, onConfirm, onCancel }: { title: string; onConfirm(): void; onCancel(): void }) {
  return (
    <div className={styles.gate}>
      <h2 id="seat-popover-title" className={styles.title}>
        Фильм «{title}» — {ADULT_AGE}+
      </h2>
      <p>
        Фильм только для зрителей старше {ADULT_AGE} лет. Подтвердите, что вам исполнилось {ADULT_AGE}: на входе могут
        попросить паспорт, и билет зрителю младше {ADULT_AGE} лет не действует.
      </p>
      <div className={styles.actions}>
        <button type="button" className={styles.confirm} onClick={onConfirm} autoFocus>
          Мне есть {ADULT_AGE} лет
        </button>
        <button type="button" className={styles.cancel} onClick={onCancel}>
          Назад
        </button>
      </div>
    </div>
  );
}
