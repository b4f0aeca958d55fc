import { RegisterForm } from '../../features/auth/components/register-form';
import { useDocumentTitle } from '../../shared/lib/page-meta';

/** /register */
export default function RegisterPage() {
  useDocumentTitle('Регистрация');
  return <RegisterForm />;
}
