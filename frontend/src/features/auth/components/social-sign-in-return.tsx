import { OAUTH_ERRORS, type OAuthErrorCode, type SessionUser } from '@kino/backend/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../../config/paths';
import { saveSession } from '../../../shared/auth/session';
import { FormCard, FormMessage, formStyles } from '../../../shared/ui/form';
import { PageLoader } from '../../../shared/ui/page-loader';
import { SocialConsentStep } from './social-consent-step';

function readUser(raw: string | null): SessionUser | undefined {
  try {
    return raw ? (JSON.parse(raw) as SessionUser) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * /auth/callback: the social sign-in return stores token and user, then goes home; or shows the consent step of
 * a first sign-in (?consent=…); or says why it failed.
 */
export function SocialSignInReturn() {
  const [query] = useSearchParams();
  const consent = query.get('consent');
  if (consent) return <SocialConsentStep ticket={consent} />;
  return <SignInResult />;
}

function SignInResult() {
  const [query] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const token = query.get('token');
  const rawUser = query.get('user');
  const user = useMemo(() => readUser(rawUser), [rawUser]);
  const code = query.get('error');

  useEffect(() => {
    if (!token || !user) return;
    queryClient.clear();
    saveSession({ token, user });
    navigate(paths.home, { replace: true });
  }, [token, user, navigate, queryClient]);

  if (token && user) return <PageLoader label="Подождите, выполняется вход..." />;
  const reason = code && code in OAUTH_ERRORS ? OAUTH_ERRORS[code as OAuthErrorCode] : OAUTH_ERRORS.failed;
  return (
    <FormCard title="Вход не выполнен">
      <FormMessage kind="error">{reason}</FormMessage>
      <div className={formStyles.links}>
        <Link to={paths.login}>Вернуться ко входу</Link>
      </div>
    </FormCard>
  );
}
