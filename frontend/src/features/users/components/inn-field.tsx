/**
 * A staff member's INN (12 digits), saved on Enter or when the field is left: the cash register prints it
 * as the cashier's on every receipt and shift report they make. Customers have none.
 */
import { type UserRow } from '@kino/backend/contract';
import { useId, useState, type FormEvent } from 'react';
import { formErrors } from '../../../shared/api/form-errors';
import { useSetInn } from '../api/users';
import styles from './users-table.module.css';

export function InnField({ user }: { user: UserRow }) {
  const save = useSetInn();
  const errorId = useId();
  const [typed, setTyped] = useState(user.inn ?? '');
  if (user.role === 'customer') return <>—</>;
  const error = save.isError ? (formErrors(save.error).fields.inn ?? save.error.message) : undefined;
  function submit(event?: FormEvent) {
    event?.preventDefault();
    const inn = typed.trim() || null;
    if (inn === user.inn) return;
    save.mutate({ params: { id: user.id }, body: { inn } });
  }
  return (
    <form className={styles.role} onSubmit={submit} noValidate>
      <input
        aria-label={`ИНН кассира: ${user.fio}`}
        inputMode="numeric"
        maxLength={12}
        size={13}
        value={typed}
        placeholder="12 цифр"
        onChange={(event) => setTyped(event.target.value)}
        onBlur={() => submit()}
        aria-invalid={Boolean(error)}
        aria-describedby={error ? errorId : undefined}
        disabled={save.isPending}
      />
      {error && (
        <p id={errorId} role="alert" className={styles.error}>
          {error}
        </p>
      )}
      {save.isSuccess && !save.isPending && (
        <span role="status" className={styles.saved}>
          Сохранено
        </span>
      )}
    </form>
  );
}
