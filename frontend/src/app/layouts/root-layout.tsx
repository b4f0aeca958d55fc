import { useLocation } from 'react-router';
import { AccountMenu } from '../../features/auth/components/account-menu';
import { SiteSetup } from '../../features/settings/components/site-setup';
import { paths } from '../../config/paths';
import { useCinemaState } from '../../shared/cinema/use-cinema';
import { CookieNotice } from '../../shared/ui/cookie-notice';
import { Footer } from '../../shared/ui/footer';
import { Header } from '../../shared/ui/header';
import { useScrollOnNavigate } from '../../shared/lib/use-scroll-on-navigate';
import { SeatPopoverHost } from '../../features/seats/components/seat-popover-host';
import { JsonLd } from '../../shared/seo/json-ld';
import { movieTheater } from '../../shared/seo/structured-data';
import { useSeoSite } from '../../shared/seo/use-seo-site';
import { PageOutlet } from './page-outlet';
import styles from './root-layout.module.css';

/** What a site being set up still opens: signing in and one's account (staff sign in here to set it up). */
const OPEN_DURING_SETUP = [
  paths.login,
  paths.register,
  paths.forgotPassword,
  paths.resetPassword,
  paths.authCallback,
  paths.profile,
  paths.admin,
];

/**
 * Header, the current page (lazy, with its loading and error states) and footer. Before the cinema's details
 * were ever saved, the public pages say that the site opens soon instead (docs/architecture.md, "The cinema's
 * details").
 */
export function RootLayout() {
  useScrollOnNavigate();
  const { unconfigured } = useCinemaState();
  const { pathname } = useLocation();
  const setup = unconfigured && !OPEN_DURING_SETUP.some((path) => pathname.startsWith(path));
  const site = useSeoSite();
  return (
    <SeatPopoverHost>
      <div className={styles.page}>
        <a className={styles.skip} href="#main">
          Перейти к содержанию
        </a>
        <Header account={<AccountMenu />} />
        <main id="main" className={styles.main} tabIndex={-1}>
          {setup ? <SiteSetup /> : <PageOutlet />}
        </main>
        <Footer />
        <CookieNotice />
        {site && <JsonLd data={movieTheater(site)} />}
      </div>
    </SeatPopoverHost>
  );
}
