import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import dialogStyles from './dialog.module.css';
import styles from './expired-dialog.module.css';

/** The hold ran out: the seats went back on sale; the viewer can choose again. */
export function ExpiredDialog({ sessionId }: { sessionId: number }) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    if (dialog.current && !dialog.current.open) dialog.current.showModal();
  }, []);
  return (
    <dialog
      ref={dialog}
      role="alertdialog"
      className={`${dialogStyles.dialog} ${styles.notice}`}
      aria-labelledby="expired-title"
      aria-describedby="expired-text"
      onCancel={(event) => event.preventDefault()}
    >
      <h2 id="expired-title">Время брони истекло</h2>
      <p id="expired-text">Места снова в продаже. Выберите места заново — свободные места можно занять сразу.</p>
      <Link className={styles.again} to={paths.seats(sessionId)}>
        Выбрать места заново
      </Link>
    </dialog>
  );
}
