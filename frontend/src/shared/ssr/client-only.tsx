import { useSyncExternalStore } from 'react';
import { Outlet } from 'react-router';
import { PageLoader } from '../ui/page-loader';

const subscribe = () => () => {};

/**
 * False on the server and while the browser hydrates the server's HTML, true from then on: what
 * lives only in the browser (a live seat map) renders after hydration, so both agree.
 */
export const useInBrowser = (): boolean =>
  useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );

/**
 * Pages rendered in the browser only (a person's own pages, the back office): the server sends
 * their loading state, which the browser hydrates and then replaces with the page.
 */
export function ClientOnly() {
  return useInBrowser() ? <Outlet /> : <PageLoader />;
}
