import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { AccountMenu } from '../../features/auth/components/account-menu';
import { ErrorBoundary } from '../../shared/ui/error-boundary';
import { Footer } from '../../shared/ui/footer';
import { Header } from '../../shared/ui/header';
import { PageLoader } from '../../shared/ui/page-loader';
import { useScrollOnNavigate } from '../../shared/lib/use-scroll-on-navigate';
import { SeatPopoverHost } from '../../features/seats/components/seat-popover-host';
import { RouteError } from '../routes/route-error';
import styles from './root-layout.module.css';

/** Header, the current page (lazy, with its loading and error states) and footer. */
export function RootLayout() {
  const { pathname } = useLocation();
  useScrollOnNavigate();
  return (
    <SeatPopoverHost>
      <div className={styles.page}>
        <a className={styles.skip} href="#main">
          Перейти к содержанию
        </a>
        <Header account={<AccountMenu />} />
        <main id="main" className={styles.main} tabIndex={-1}>
          {/* A new page gets a fresh boundary: an error on one page does not stick to the next. */}
          <ErrorBoundary key={pathname} fallback={<RouteError />}>
            <Suspense fallback={<PageLoader />}>
              <Outlet />
            </Suspense>
          </ErrorBoundary>
        </main>
        <Footer />
      </div>
    </SeatPopoverHost>
  );
}
