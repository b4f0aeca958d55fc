import { SocialSignInReturn } from '../../features/auth/components/social-sign-in-return';
import { useDocumentTitle } from '../../shared/lib/page-meta';

/** /auth/callback */
export default function AuthCallbackPage() {
  useDocumentTitle('Вход');
  return <SocialSignInReturn />;
}
