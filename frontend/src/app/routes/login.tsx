import { LoginForm } from '../../features/auth/components/login-form';
import { useDocumentTitle } from '../../shared/lib/page-meta';

/** /login */
export default function LoginPage() {
  useDocumentTitle('Вход');
  return <LoginForm />;
}
