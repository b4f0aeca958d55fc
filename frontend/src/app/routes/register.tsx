import { RegisterForm } from '../../features/auth/components/register-form';
import { useDocumentTitle } from '../../shared/lib/use-document-title';

/** /register */
export default function RegisterPage() {
  useDocumentTitle('Регистрация');
  return <RegisterForm />;
}
