import { ResetPasswordForm } from '../../features/auth/components/reset-password-form';
import { useDocumentTitle } from '../../shared/lib/use-document-title';

/** /reset-password */
export default function ResetPasswordPage() {
  useDocumentTitle('Новый пароль');
  return <ResetPasswordForm />;
}
