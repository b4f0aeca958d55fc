/**
 * The route table. Every page but the home page is a lazy chunk (its module's default export), so
 * the home page loads only what it shows and paints without waiting for a second chunk. Declarative routes, not the data router: a smaller initial bundle.
 * The public pages are rendered on the server too (entry-server.tsx); a person's own pages and the
 * back office only in the browser (ClientOnly). The router itself is the caller's: BrowserRouter in
 * the browser, StaticRouter on the server.
 */
import { lazy } from 'react';
import { Route, Routes } from 'react-router';
import { paths } from '../config/paths';
import { adminRoutes, publicLayoutAdminRoutes } from './admin-routes';
import { ClientOnly } from '../shared/ssr/client-only';
import { routeChunk } from '../shared/ssr/route-chunk';
import { RootLayout } from './layouts/root-layout';
// The front door ships with the entry: no second round trip before the first paint.
import HomePage from './routes/home';

// The pages rendered on the server: their chunks' stylesheets come with the HTML (route-chunk.tsx).
const FilmsPage = routeChunk('src/app/routes/films.tsx', () => import('./routes/films'));
const NewFilmsPage = routeChunk('src/app/routes/new-films.tsx', () => import('./routes/new-films'));
const FilmPage = routeChunk('src/app/routes/film.tsx', () => import('./routes/film'));
const PersonPage = routeChunk('src/app/routes/person.tsx', () => import('./routes/person'));
const NewsPage = routeChunk('src/app/routes/news.tsx', () => import('./routes/news'));
const NewsArticlePage = routeChunk('src/app/routes/news-article.tsx', () => import('./routes/news-article'));
const StocksPage = routeChunk('src/app/routes/stocks.tsx', () => import('./routes/stocks'));
const StockPage = routeChunk('src/app/routes/stock.tsx', () => import('./routes/stock'));
const DocumentPage = routeChunk('src/app/routes/document.tsx', () => import('./routes/document'));
const AccessibilityPage = routeChunk('src/app/routes/accessibility.tsx', () => import('./routes/accessibility'));
const CheckoutPage = lazy(() => import('../features/seats/checkout-page'));
const OrderPage = lazy(() => import('./routes/order'));
const NotFoundPage = routeChunk('src/app/routes/not-found.tsx', () => import('./routes/not-found'));
const RegisterPage = routeChunk('src/app/routes/register.tsx', () => import('./routes/register'));
const LoginPage = routeChunk('src/app/routes/login.tsx', () => import('./routes/login'));
const ForgotPasswordPage = lazy(() => import('./routes/forgot-password'));
const ResetPasswordPage = lazy(() => import('./routes/reset-password'));
const AuthCallbackPage = lazy(() => import('./routes/auth-callback'));
const ProfilePage = lazy(() => import('./routes/profile'));
const ProfileEditPage = lazy(() => import('./routes/profile-edit'));
const ProfileReviewsPage = lazy(() => import('./routes/profile-reviews'));
const ProfileWatchPage = lazy(() => import('./routes/profile-watch'));
const ProfilePrivacyPage = lazy(() => import('./routes/profile-privacy'));

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RootLayout />}>
        <Route index element={<HomePage />} />
        <Route path="films" element={<FilmsPage />} />
        <Route path="films/new" element={<NewFilmsPage />} />
        <Route path="films/:id" element={<FilmPage />} />
        <Route path="persons/:id" element={<PersonPage />} />
        <Route path="news" element={<NewsPage />} />
        <Route path="news/:id" element={<NewsArticlePage />} />
        <Route path="stocks" element={<StocksPage />} />
        <Route path="stocks/:id" element={<StockPage />} />
        <Route path="documents/:slug" element={<DocumentPage />} />
        <Route path="accessibility" element={<AccessibilityPage />} />
        <Route element={<ClientOnly />}>
          <Route path={paths.register} element={<RegisterPage />} />
          <Route path={paths.login} element={<LoginPage />} />
          <Route path={paths.forgotPassword} element={<ForgotPasswordPage />} />
          <Route path={paths.resetPassword} element={<ResetPasswordPage />} />
          <Route path={paths.authCallback} element={<AuthCallbackPage />} />
          <Route path={paths.profile} element={<ProfilePage />} />
          <Route path={paths.profileEdit} element={<ProfileEditPage />} />
          <Route path={paths.profileReviews} element={<ProfileReviewsPage />} />
          <Route path={paths.profileWatch} element={<ProfileWatchPage />} />
          <Route path={paths.profilePrivacy} element={<ProfilePrivacyPage />} />
          <Route path="checkout/:sessionId" element={<CheckoutPage />} />
          <Route path="orders/:id" element={<OrderPage />} />
          {publicLayoutAdminRoutes()}
        </Route>
        <Route path="*" element={<NotFoundPage />} />
      </Route>
      <Route element={<ClientOnly />}>{adminRoutes()}</Route>
    </Routes>
  );
}
