import { cinemaName } from '@kino/backend/contract';
import type { ReactNode } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { paths } from '../../config/paths';
import { useSession } from '../auth/session';
import { useCinemaState } from '../cinema/use-cinema';
import { Logo } from './logo';
import styles from './header.module.css';

const LINKS = [
  { to: paths.news, label: 'Новости' },
  { to: paths.schedule, label: 'Расписание' },
  { to: paths.stocks, label: 'Акции' },
];

/**
 * `account` is what a signed-in viewer sees on the right (the app puts the account menu there). While the site
 * is being set up there is nothing to browse: the logo and the account only.
 */
export function Header({ account }: { account?: ReactNode }) {
  const session = useSession();
  const { cinema, unconfigured } = useCinemaState();
  const { hash } = useLocation();
  // NavLink compares paths only, so '/#schedule' would look current on the whole home page.
  const current = (to: string, isActive: boolean) => (to === paths.schedule ? hash === '#schedule' : isActive);
  return (
    <header className={styles.header} data-sticky-top="">
      <div className={styles.inner}>
        <Link
          to={paths.home}
          className={styles.logo}
          aria-label={`${cinema?.short_name ?? cinemaName(cinema)} — на главную`}
        >
          <Logo className={styles.logoMark} />
        </Link>
        {!unconfigured && (
          <nav className={styles.nav} aria-label="Основное меню">
            {LINKS.map((link) => (
              <NavLink
                key={link.to}
                to={link.to}
                className={({ isActive }) => `${styles.link}${current(link.to, isActive) ? ' active' : ''}`}
                aria-current={link.to === paths.schedule && hash !== '#schedule' ? false : undefined}
              >
                {link.label}
              </NavLink>
            ))}
          </nav>
        )}
        <div className={styles.account}>
          {session ? (
            account
          ) : (
            <Link to={paths.register} className={styles.signIn}>
              Войти
            </Link>
          )}
        </div>
      </div>
    </header>
  );
}
