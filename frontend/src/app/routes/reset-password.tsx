import { ResetPasswordForm } from '../../features/auth/components/reset-password-form';
import { useDocumentTitle } from '../../shared/lib/page-meta';

/** /reset-password */
export default function ResetPasswordPage() {
  useDocumentTitle('Новый пароль');
  return <ResetPasswordForm />;
}
