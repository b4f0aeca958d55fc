import { ProfileEditForm } from '../../features/profile/components/profile-edit-form';
import { RequireSession } from '../../shared/auth/require-session';
import { useDocumentTitle } from '../../shared/lib/page-meta';

/** /profile/edit */
export default function ProfileEditPage() {
  useDocumentTitle('Редактирование профиля');
  return (
    <RequireSession>
      <ProfileEditForm />
    </RequireSession>
  );
}
