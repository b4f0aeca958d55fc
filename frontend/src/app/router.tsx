/**
 * The route table. Every page but the home page is a lazy chunk (its module's default export), so
 * the home page loads only what it shows and paints without waiting for a second chunk. Declarative routes, not the data router: a smaller initial bundle.
 */
import { lazy } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router';
import { paths } from '../config/paths';
import { adminRoutes, publicLayoutAdminRoutes } from './admin-routes';
import { RootLayout } from './layouts/root-layout';
// The front door ships with the entry: no second round trip before the first paint.
import HomePage from './routes/home';

const FilmsPage = lazy(() => import('./routes/films'));
const NewFilmsPage = lazy(() => import('./routes/new-films'));
const FilmPage = lazy(() => import('./routes/film'));
const PersonPage = lazy(() => import('./routes/person'));
const NewsPage = lazy(() => import('./routes/news'));
const NewsArticlePage = lazy(() => import('./routes/news-article'));
const StocksPage = lazy(() => import('./routes/stocks'));
const StockPage = lazy(() => import('./routes/stock'));
const CheckoutPage = lazy(() => import('../features/seats/checkout-page'));
const NotFoundPage = lazy(() => import('./routes/not-found'));
const RegisterPage = lazy(() => import('./routes/register'));
const LoginPage = lazy(() => import('./routes/login'));
const ForgotPasswordPage = lazy(() => import('./routes/forgot-password'));
const ResetPasswordPage = lazy(() => import('./routes/reset-password'));
const AuthCallbackPage = lazy(() => import('./routes/auth-callback'));
const ProfilePage = lazy(() => import('./routes/profile'));
const ProfileEditPage = lazy(() => import('./routes/profile-edit'));
const ProfileReviewsPage = lazy(() => import('./routes/profile-reviews'));
const ProfileWatchPage = lazy(() => import('./routes/profile-watch'));

export function AppRoutes() {
  return (
    <BrowserRouter>
      <Routes>
        <Route element={<RootLayout />}>
          <Route index element={<HomePage />} />
          <Route path={paths.register} element={<RegisterPage />} />
          <Route path={paths.login} element={<LoginPage />} />
          <Route path={paths.forgotPassword} element={<ForgotPasswordPage />} />
          <Route path={paths.resetPassword} element={<ResetPasswordPage />} />
          <Route path={paths.authCallback} element={<AuthCallbackPage />} />
          <Route path={paths.profile} element={<ProfilePage />} />
          <Route path={paths.profileEdit} element={<ProfileEditPage />} />
          <Route path={paths.profileReviews} element={<ProfileReviewsPage />} />
          <Route path={paths.profileWatch} element={<ProfileWatchPage />} />
          <Route path="films" element={<FilmsPage />} />
          <Route path="films/new" element={<NewFilmsPage />} />
          <Route path="films/:id" element={<FilmPage />} />
          <Route path="persons/:id" element={<PersonPage />} />
          <Route path="news" element={<NewsPage />} />
          <Route path="news/:id" element={<NewsArticlePage />} />
          <Route path="stocks" element={<StocksPage />} />
          <Route path="stocks/:id" element={<StockPage />} />
          <Route path="checkout/:sessionId" element={<CheckoutPage />} />
          {publicLayoutAdminRoutes()}
          <Route path="*" element={<NotFoundPage />} />
        </Route>
        {adminRoutes()}
      </Routes>
    </BrowserRouter>
  );
}
