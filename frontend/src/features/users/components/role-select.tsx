import { ROLE_LABELS, ROLES, type Role, type UserRow } from '@kino/backend/contract';
import { useId } from 'react';
import { useChangeRole } from '../api/users';
import styles from './users-table.module.css';

/** The role of one account: choosing another saves it at once; a refusal is said beside it. */
export function RoleSelect({ user }: { user: UserRow }) {
  const change = useChangeRole();
  const errorId = useId();
  const shown = change.isPending ? change.variables.body.role : user.role;
  return (
    <div className={styles.role}>
      <select
        aria-label={`Роль: ${user.fio}`}
        value={shown}
        disabled={change.isPending}
        aria-describedby={change.isError ? errorId : undefined}
        onChange={(event) => change.mutate({ params: { id: user.id }, body: { role: event.target.value as Role } })}
      >
        {ROLES.map((role) => (
          <option key={role} value={role}>
            {ROLE_LABELS[role]}
          </option>
        ))}
      </select>
      {change.isError && (
        <p id={errorId} role="alert" className={styles.error}>
          {change.error.message}
        </p>
      )}
      {change.isSuccess && !change.isPending && (
        <span role="status" className={styles.saved}>
          Сохранено
        </span>
      )}
    </div>
  );
}
