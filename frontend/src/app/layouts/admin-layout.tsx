/**
 * The back office's frame (docs/product.md §2): a side navigation with the staff member's avatar (a
 * default image when none), name ('Неизвестный пользователь' when none), role label and the role's
 * menu, derived from the access table; the screen beside it. On a phone the navigation folds away
 * behind a button.
 */
import { menuFor, ROLE_LABELS, isStaffRole } from '@kino/backend/contract';
import { useEffect, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { paths } from '../../config/paths';
import { RequireAccess } from '../../shared/auth/require-access';
import { useSession } from '../../shared/auth/session';
import { imageUrl } from '../../shared/lib/image';
import { useScrollOnNavigate } from '../../shared/lib/use-scroll-on-navigate';
import { PageOutlet } from './page-outlet';
import styles from './admin-layout.module.css';

const DEFAULT_AVATAR = '/default-avatar.svg';

export default function AdminLayout() {
  const { pathname } = useLocation();
  useScrollOnNavigate();
  return (
    <RequireAccess resource="dashboard" action="read">
      <div className={styles.page}>
        <a className={styles.skip} href="#admin-main">
          Перейти к содержанию
        </a>
        <AdminNav key={pathname} />
        <main id="admin-main" className={styles.main} tabIndex={-1}>
          <PageOutlet />
        </main>
      </div>
    </RequireAccess>
  );
}

/** Remounted on every navigation (key), so the phone menu folds after a choice. */
function AdminNav() {
  const user = useSession()?.user;
  const [open, setOpen] = useState(false);
  const role = user?.role;
  const roleLabel = role && isStaffRole(role) ? ROLE_LABELS[role] : 'Роль не определена';
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setOpen(false);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);

  return (
    <aside className={styles.aside}>
      <div className={styles.bar}>
        <Link to={paths.admin} className={styles.brand}>
          Панель управления
        </Link>
        <button
          type="button"
          className={styles.toggle}
          aria-expanded={open}
          aria-controls="admin-nav"
          onClick={() => setOpen(!open)}
        >
          {open ? 'Закрыть меню' : 'Меню'}
        </button>
      </div>
      <div id="admin-nav" className={`${styles.panel} ${open ? styles.open : ''}`}>
        <div className={styles.person}>
          <img
            className={styles.avatar}
            src={imageUrl(user?.avatar) ?? DEFAULT_AVATAR}
            alt=""
            width={56}
            height={56}
            onError={(event) => (event.currentTarget.src = DEFAULT_AVATAR)}
          />
          <div>
            <p className={styles.name}>{user?.fio.trim() || 'Неизвестный пользователь'}</p>
            <p className={styles.role}>{roleLabel}</p>
          </div>
        </div>
        <nav aria-label="Меню панели управления">
          <ul className={styles.menu}>
            {menuFor(role).map((item) => (
              <li key={item.resource}>
                <NavLink
                  to={paths.adminSection(item.path)}
                  end={item.path === ''}
                  className={({ isActive }) => `${styles.link}${isActive ? ` ${styles.active}` : ''}`}
                >
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <Link to={paths.home} className={styles.site}>
          ← На сайт кинотеатра
        </Link>
      </div>
    </aside>
  );
}
