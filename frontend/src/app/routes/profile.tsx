import { ProfileOverview } from '../../features/profile/components/profile-overview';
import { OwnTickets } from '../../features/tickets/components/own-tickets';
import { RequireSession } from '../../shared/auth/require-session';
import { useDocumentTitle } from '../../shared/lib/page-meta';

/** /profile */
export default function ProfilePage() {
  useDocumentTitle('Профиль');
  return (
    <RequireSession>
      <ProfileOverview tickets={<OwnTickets />} />
    </RequireSession>
  );
}
