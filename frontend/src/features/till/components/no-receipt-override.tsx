/**
 * The manager's override when the cash register cannot print (REGISTRIES.md §1.7): the same sale made
 * without its receipt, for a reason written down; it is queued for a correction receipt and listed on the
 * shifts screen until one is printed.
 */
import { useState, type FormEvent } from 'react';
import { TextField } from '../../../shared/ui/form';
import styles from './till.module.css';

export function NoReceiptOverride({ busy, onSell }: { busy: boolean; onSell(reason: string): void }) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  function submit(event: FormEvent) {
    event.preventDefault();
    if (reason.trim().length < 3) return setError('Напишите причину');
    setError(undefined);
    onSell(reason.trim());
  }
  return (
    <form className={styles.override} onSubmit={submit} noValidate aria-label="Продажа без чека">
      <TextField
        label="Причина продажи без чека (менеджер)"
        name="no_receipt_reason"
        autoComplete="off"
        value={reason}
        maxLength={500}
        onChange={(event) => setReason(event.target.value)}
        error={error}
      />
      <button type="submit" className={styles.secondary} disabled={busy} aria-busy={busy}>
        Продать без чека
      </button>
    </form>
  );
}
