import { LoginForm } from '../../features/auth/components/login-form';
import { useDocumentTitle } from '../../shared/lib/use-document-title';

/** /login */
export default function LoginPage() {
  useDocumentTitle('Вход');
  return <LoginForm />;
}
