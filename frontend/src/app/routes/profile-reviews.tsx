import { OwnReviews } from '../../features/profile/components/own-reviews';
import { RequireSession } from '../../shared/auth/require-session';
import { useDocumentTitle } from '../../shared/lib/page-meta';

/** /profile/reviews */
export default function ProfileReviewsPage() {
  useDocumentTitle('Мои отзывы');
  return (
    <RequireSession>
      <OwnReviews />
    </RequireSession>
  );
}
