import { PrivacyPage } from '../../features/profile/components/privacy-page';
import { RequireSession } from '../../shared/auth/require-session';
import { useDocumentTitle } from '../../shared/lib/page-meta';

/** /profile/privacy */
export default function ProfilePrivacyPage() {
  useDocumentTitle('Мои данные и согласия');
  return (
    <RequireSession>
      <PrivacyPage />
    </RequireSession>
  );
}
