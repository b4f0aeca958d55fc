import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { ErrorBoundary } from '../../shared/ui/error-boundary';
import { PageLoader } from '../../shared/ui/page-loader';
import { RouteError } from '../routes/route-error';

/** The current page of a layout, lazy, with its loading and error states. */
export function PageOutlet() {
  const { pathname } = useLocation();
  return (
    // A new page gets a fresh boundary: an error on one page does not stick to the next.
    <ErrorBoundary key={pathname} fallback={<RouteError />}>
      <Suspense fallback={<PageLoader />}>
        <Outlet />
      </Suspense>
    </ErrorBoundary>
  );
}
