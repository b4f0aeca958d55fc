/**
 * The back office's routes, one per resource of the access table (contract/access.ts): each screen is
 * guarded by the right that opens it (screenAction: 'list', the till's 'sell', the shifts' 'read'), at the path the table
 * names. A resource without a screen here yet answers the not-found page.
 */
import { RESOURCES, screenAction, type Action, type Resource } from '@kino/backend/contract';
import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { Route } from 'react-router';
import { RequireAccess } from '../shared/auth/require-access';
import { PageLoader } from '../shared/ui/page-loader';

type Screen = LazyExoticComponent<ComponentType>;

const SCREENS: Partial<Record<Resource, Screen>> = {
  users: lazy(() => import('./routes/admin/users')),
  tickets: lazy(() => import('./routes/admin/tickets')),
  orders: lazy(() => import('./routes/admin/orders')),
  films: lazy(() => import('./routes/admin/films')),
  persons: lazy(() => import('./routes/admin/persons')),
  genres: lazy(() => import('./routes/admin/genres')),
  halls: lazy(() => import('./routes/admin/halls')),
  prices: lazy(() => import('./routes/admin/prices')),
  promo: lazy(() => import('./routes/admin/promo-codes')),
  news: lazy(() => import('./routes/admin/news')),
  reviews: lazy(() => import('./routes/admin/reviews')),
  schedule: lazy(() => import('./routes/admin/schedule')),
  stock: lazy(() => import('./routes/admin/stocks')),
  countries: lazy(() => import('./routes/admin/countries')),
  achievments: lazy(() => import('./routes/admin/achievements')),
  queues: lazy(() => import('./routes/admin/queues')),
  reports: lazy(() => import('./routes/admin/reports')),
  subtitles: lazy(() => import('./routes/admin/subtitles')),
  shifts: lazy(() => import('./routes/admin/shifts')),
  till: lazy(() => import('./routes/admin/till')),
  documents: lazy(() => import('./routes/admin/documents')),
  settings: lazy(() => import('./routes/admin/settings')),
};

/** Screens below a resource's own (a form, a tool), with the right each needs. */
const SUBSCREENS: { path: string; resource: Resource; action: Action; screen: Screen }[] = [
  {
    path: 'documents/:slug',
    resource: 'documents',
    action: 'update',
    screen: lazy(() => import('./routes/admin/document-edit')),
  },
  {
    path: 'tickets/check-in',
    resource: 'tickets',
    action: 'update',
    screen: lazy(() => import('./routes/admin/check-in')),
  },
  {
    path: 'orders/:id',
    resource: 'orders',
    action: 'read',
    screen: lazy(() => import('./routes/admin/order')),
  },
  {
    path: 'till/display',
    resource: 'till',
    action: 'sell',
    screen: lazy(() => import('./routes/admin/till-display')),
  },
  {
    path: 'shifts/:id',
    resource: 'shifts',
    action: 'read',
    screen: lazy(() => import('./routes/admin/shift')),
  },
  {
    path: 'halls/:id/plan',
    resource: 'halls',
    action: 'update',
    screen: lazy(() => import('./routes/admin/hall-plan')),
  },
  {
    path: 'reports/eais',
    resource: 'reports',
    action: 'read',
    screen: lazy(() => import('./routes/admin/eais-deliveries')),
  },
  {
    path: 'film/create',
    resource: 'films',
    action: 'create',
    screen: lazy(() => import('./routes/admin/film-create')),
  },
];

/** Back-office pages SPEC places in the public layout (forms that create or edit). */
export const PUBLIC_LAYOUT_SCREENS: { path: string; resource: Resource; action: Action; screen: Screen }[] = [
  {
    path: 'admin/dashboard/schedule/create',
    resource: 'schedule',
    action: 'create',
    screen: lazy(() => import('./routes/admin/schedule-create')),
  },
  {
    // Staff who may only read films see the edit page disabled.
    path: 'admin/dashboard/films/:id/edit',
    resource: 'films',
    action: 'read',
    screen: lazy(() => import('./routes/admin/film-edit')),
  },
  {
    path: 'admin/dashboard/news/create',
    resource: 'news',
    action: 'create',
    screen: lazy(() => import('./routes/admin/news-create')),
  },
  {
    path: 'admin/dashboard/stocks/create',
    resource: 'stock',
    action: 'create',
    screen: lazy(() => import('./routes/admin/stock-create')),
  },
];

// The back office loads only for those who open it: the public pages do not carry it.
const AdminLayout = lazy(() => import('./layouts/admin-layout'));
const Dashboard = lazy(() => import('./routes/admin/dashboard'));
const NotFound = lazy(() => import('./routes/not-found'));

const guarded = (resource: Resource, action: Action, Screen: Screen) => (
  <RequireAccess resource={resource} action={action}>
    <Screen />
  </RequireAccess>
);

export function adminRoutes() {
  return (
    <Route
      path="admin/dashboard"
      element={
        <Suspense fallback={<PageLoader />}>
          <AdminLayout />
        </Suspense>
      }
    >
      <Route index element={<Dashboard />} />
      {(Object.entries(SCREENS) as [Resource, Screen][]).map(([resource, screen]) => (
        <Route
          key={resource}
          path={RESOURCES[resource].path}
          element={guarded(resource, screenAction(resource), screen)}
        />
      ))}
      {SUBSCREENS.map(({ path, resource, action, screen }) => (
        <Route key={path} path={path} element={guarded(resource, action, screen)} />
      ))}
      <Route path="*" element={<NotFound />} />
    </Route>
  );
}

export function publicLayoutAdminRoutes() {
  return PUBLIC_LAYOUT_SCREENS.map(({ path, resource, action, screen }) => (
    <Route key={path} path={path} element={guarded(resource, action, screen)} />
  ));
}
