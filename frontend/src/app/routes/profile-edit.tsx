import { ProfileEditForm } from '../../features/profile/components/profile-edit-form';
import { RequireSession } from '../../shared/auth/require-session';
import { useDocumentTitle } from '../../shared/lib/use-document-title';

/** /profile/edit */
export default function ProfileEditPage() {
  useDocumentTitle('Редактирование профиля');
  return (
    <RequireSession>
      <ProfileEditForm />
    </RequireSession>
  );
}
