/** The account calls: registration, sign-in, sign-out, the session check and password reset. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AuthenticateBody,
  AuthResponse,
  ForgotPasswordBody,
  MessageResponse,
  OAuthProvidersResponse,
  RegisterBody,
  ResetPasswordBody,
  UserResponse,
} from '@kino/backend/contract';
import { api, ApiError } from '../../../shared/api/client';
import { clearSession, saveSession, updateSessionUser, useSession } from '../../../shared/auth/session';

export const useRegister = () =>
  useMutation({ mutationFn: (body: RegisterBody) => api.post<UserResponse>('/register', body) });

/** Signs in: the session is stored and everything cached for the guest is dropped. */
export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AuthenticateBody) => api.post<AuthResponse>('/authenticate', body),
    onSuccess: (session) => {
      queryClient.clear();
      saveSession(session);
    },
  });
}

/** Signs out: the token is revoked on the server and the session cleared here, whatever the answer. */
export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.get<MessageResponse>('/logout').catch(() => undefined),
    onSettled: () => {
      clearSession();
      queryClient.clear();
    },
  });
}

/**
 * Checks the stored token once per session (GET /api/get-token): 401 clears the session silently,
 * success refreshes the stored user (role, avatar, name may have changed).
 */
export function useSessionCheck() {
  const session = useSession();
  return useQuery({
    queryKey: ['session-check', session?.token],
    enabled: Boolean(session),
    staleTime: Infinity,
    retry: false,
    queryFn: async ({ signal }) => {
      try {
        const { user } = await api.get<UserResponse>('/get-token', { signal });
        updateSessionUser(user);
        return user;
      } catch (err) {
        if (err instanceof ApiError && err.status === 401) clearSession();
        return null;
      }
    },
  });
}

export const useForgotPassword = () =>
  useMutation({ mutationFn: (body: ForgotPasswordBody) => api.post<MessageResponse>('/forgot-password', body) });

export const useResetPassword = () =>
  useMutation({ mutationFn: (body: ResetPasswordBody) => api.post<MessageResponse>('/reset-password', body) });

export const useOAuthProviders = () =>
  useQuery({
    queryKey: ['oauth-providers'],
    staleTime: Infinity,
    queryFn: ({ signal }) => api.get<OAuthProvidersResponse>('/auth/providers', { signal }),
  });
