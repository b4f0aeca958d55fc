import { AccountMenu } from '../../features/auth/components/account-menu';
import { CookieNotice } from '../../shared/ui/cookie-notice';
import { Footer } from '../../shared/ui/footer';
import { Header } from '../../shared/ui/header';
import { useScrollOnNavigate } from '../../shared/lib/use-scroll-on-navigate';
import { SeatPopoverHost } from '../../features/seats/components/seat-popover-host';
import { JsonLd } from '../../shared/seo/json-ld';
import { movieTheater } from '../../shared/seo/structured-data';
import { useSiteUrl } from '../../shared/ssr/server-render';
import { PageOutlet } from './page-outlet';
import styles from './root-layout.module.css';

/** Header, the current page (lazy, with its loading and error states) and footer. */
export function RootLayout() {
  useScrollOnNavigate();
  return (
    <SeatPopoverHost>
      <div className={styles.page}>
        <a className={styles.skip} href="#main">
          Перейти к содержанию
        </a>
        <Header account={<AccountMenu />} />
        <main id="main" className={styles.main} tabIndex={-1}>
          <PageOutlet />
        </main>
        <Footer />
        <CookieNotice />
        <JsonLd data={movieTheater(useSiteUrl())} />
      </div>
    </SeatPopoverHost>
  );
}
