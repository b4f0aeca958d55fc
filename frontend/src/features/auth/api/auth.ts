/** The account calls: registration, sign-in, sign-out, the session check and password reset. */
import { useQuery } from '@tanstack/react-query';
import { ApiError, call } from '../../../shared/api/client';
import { useApiMutation, useApiQuery, useQueryClient } from '../../../shared/api/hooks';
import { clearSession, saveSession, updateSessionUser, useSession } from '../../../shared/auth/session';
import { useLiveEvent } from '../../../shared/live/live';

export const useRegister = () => useApiMutation('POST /register');

/** The consent step of a first social sign-in: whom it is for, and the boxes that make or open the account. */
export const useSocialConsentPending = (ticket: string) =>
  useApiQuery('GET /auth/social-consent', { query: { ticket } }, { retry: false });
export function useSocialConsent() {
  const queryClient = useQueryClient();
  return useApiMutation('POST /auth/social-consent', {
    onSuccess: (session) => {
      queryClient.clear();
      saveSession(session);
    },
  });
}

/** Signs in: the session is stored and everything cached for the guest is dropped. */
export function useSignIn() {
  const queryClient = useQueryClient();
  return useApiMutation('POST /authenticate', {
    onSuccess: (session) => {
      queryClient.clear();
      saveSession(session);
    },
  });
}

/** Signs out: the token is revoked on the server and the session cleared here, whatever the answer. */
export function useSignOut() {
  const queryClient = useQueryClient();
  return useApiMutation('GET /logout', {
    onSettled: () => {
      clearSession();
      queryClient.clear();
    },
  });
}

/** The session check's query key: invalidating it checks the stored token again. */
export const SESSION_CHECK_KEY = ['GET /get-token'] as const;

/**
 * Checks the stored token once per session (GET /api/get-token): 401 clears the session silently,
 * success refreshes the stored user (role, avatar, name may have changed). Mounted once for every
 * page (SessionCheck), so a back-office page follows a demotion as a public page does.
 */
export function useSessionCheck() {
  const session = useSession();
  const queryClient = useQueryClient();
  // A role changed by the admin: check again at once (the menu, the admin link and guards follow).
  useLiveEvent('account:changed', () => void queryClient.invalidateQueries({ queryKey: SESSION_CHECK_KEY }));
  return useQuery({
    queryKey: [...SESSION_CHECK_KEY, session?.token],
    enabled: Boolean(session),
    staleTime: Infinity,
    retry: false,
    queryFn: async ({ signal }) => {
      try {
        const { user } = await call('GET /get-token', undefined, { signal });
        updateSessionUser(user);
        return user;
      } catch (err) {
        if (err instanceof ApiError && err.status === 401) clearSession();
        return null;
      }
    },
  });
}

export const useForgotPassword = () => useApiMutation('POST /forgot-password');

export const useResetPassword = () => useApiMutation('POST /reset-password');

export const useOAuthProviders = () => useApiQuery('GET /auth/providers', undefined, { staleTime: Infinity });
