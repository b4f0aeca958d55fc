import { Viewings } from '../../features/tickets/components/viewings';
import { RequireSession } from '../../shared/auth/require-session';
import { useDocumentTitle } from '../../shared/lib/page-meta';

/** /profile/watch */
export default function ProfileWatchPage() {
  useDocumentTitle('Мои просмотры');
  return (
    <RequireSession>
      <Viewings />
    </RequireSession>
  );
}
