/** The viewer's profile, its edit, the avatar upload, the favourites list and the own reviews. */
import type { Profile } from '@kino/backend/contract';
import { callForBlob, queryKeyOf } from '../../../shared/api/client';
import { saveBlob } from '../../../shared/api/download';
import { useApiMutation, useApiQuery, useQueryClient } from '../../../shared/api/hooks';
import { paths } from '../../../config/paths';
import { clearSession, getSession, updateSessionUser } from '../../../shared/auth/session';

export const useProfile = () => useApiQuery('GET /profile');
export const useFavourites = () => useApiQuery('GET /favorite');
export const useOwnReviews = () => useApiQuery('GET /profile/reviews');

/** Keeps the locally stored user (header, menu) in step with the profile. */
function syncSessionUser(changes: { fio?: string; email?: string; avatar?: string | null }) {
  const session = getSession();
  if (session) updateSessionUser({ ...session.user, ...changes });
}

export function useEditProfile() {
  const queryClient = useQueryClient();
  return useApiMutation('PATCH /profile/edit', {
    onSuccess: (profile) => {
      queryClient.setQueryData(queryKeyOf('GET /profile'), profile);
      syncSessionUser({ fio: profile.fio, email: profile.email });
    },
  });
}

/** `mutate({ body: formDataOf({ image: file }) })`. */
export function useUploadAvatar() {
  const queryClient = useQueryClient();
  return useApiMutation('POST /upload-avatar', {
    onSuccess: ({ namefile }) => {
      queryClient.setQueryData<Profile>(
        queryKeyOf('GET /profile'),
        (profile) => profile && { ...profile, avatar: namefile },
      );
      syncSessionUser({ avatar: namefile });
    },
  });
}

/** The viewer's consents and their records; the marketing box changes it. */
export const useConsents = () => useApiQuery('GET /profile/consents');
export function useMarketingConsent() {
  const queryClient = useQueryClient();
  return useApiMutation('PUT /profile/consents/marketing', {
    onSuccess: (consents) => queryClient.setQueryData(queryKeyOf('GET /profile/consents'), consents),
  });
}

/** «Скачать мои данные»: the JSON the server makes, saved as a file. */
export async function downloadMyData(): Promise<void> {
  saveBlob(await callForBlob('GET /profile/export'), 'kino-my-data.json');
}

/**
 * «Удалить аккаунт»: the session ends here too (the server revoked every token) and the browser opens the home
 * page afresh, a guest's, with nothing of the account left in memory.
 */
export function useDeleteAccount() {
  return useApiMutation('DELETE /profile', {
    onSuccess: () => {
      clearSession();
      window.location.replace(paths.home);
    },
  });
}
