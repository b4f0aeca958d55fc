import { ForgotPasswordForm } from '../../features/auth/components/forgot-password-form';
import { useDocumentTitle } from '../../shared/lib/page-meta';

/** /forgot-password */
export default function ForgotPasswordPage() {
  useDocumentTitle('Восстановление пароля');
  return <ForgotPasswordForm />;
}
