/**
 * The signed-in part of the header: the 'Админ-панель' link for staff and the avatar menu
 * (Профиль, Выйти). The menu opens on click and closes by itself after 15 s, or 0.5 s after the
 * pointer leaves it; Escape and a click elsewhere close it too.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { useSession } from '../../../shared/auth/session';
import { Avatar } from '../../../shared/ui/avatar';
import { useSignOut } from '../api/auth';
import styles from './account-menu.module.css';

export const MENU_AUTO_CLOSE_MS = 15_000;
export const MENU_LEAVE_CLOSE_MS = 500;

export function AccountMenu() {
  const session = useSession();
  const signOut = useSignOut();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menuId = useId();

  useEffect(() => {
    if (!open) return;
    const timer = setTimeout(() => setOpen(false), leaving ? MENU_LEAVE_CLOSE_MS : MENU_AUTO_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [open, leaving]);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  if (!session) return null;
  const { user } = session;
  const close = () => setOpen(false);

  return (
    <div className={styles.account}>
      {user.role !== 'customer' && (
        <Link to={paths.admin} className={styles.admin}>
          Админ-панель
        </Link>
      )}
      <div
        ref={root}
        className={styles.menuRoot}
        onPointerEnter={() => setLeaving(false)}
        onPointerLeave={() => setLeaving(true)}
      >
        <button
          ref={button}
          type="button"
          className={styles.trigger}
          aria-expanded={open}
          aria-controls={menuId}
          aria-label={`Меню пользователя ${user.fio}`}
          onClick={() => {
            setLeaving(false);
            setOpen(!open);
          }}
        >
          <Avatar src={user.avatar} name={user.fio} size={40} />
        </button>
        {open && (
          <ul id={menuId} className={styles.menu}>
            <li>
              <Link to={paths.profile} className={styles.item} onClick={close}>
                Профиль
              </Link>
            </li>
            <li>
              <button
                type="button"
                className={styles.item}
                disabled={signOut.isPending}
                onClick={() => signOut.mutate(undefined, { onSettled: () => navigate(paths.home) })}
              >
                {signOut.isPending ? 'Выход...' : 'Выйти'}
              </button>
            </li>
          </ul>
        )}
      </div>
    </div>
  );
}
