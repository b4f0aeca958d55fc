/** The viewer's profile, its edit, the avatar upload, the favourites list and the own reviews. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AvatarResponse, Favourites, OwnReview, Profile, ProfileEditBody } from '@kino/backend/contract';
import { api } from '../../../shared/api/client';
import { getSession, updateSessionUser } from '../../../shared/auth/session';

/** Query keys other features may refresh (e.g. a favourite button refreshes 'favourites'). */
const keys = { profile: ['profile'], favourites: ['favourites'], ownReviews: ['own-reviews'] } as const;

export const useProfile = () =>
  useQuery({ queryKey: keys.profile, queryFn: ({ signal }) => api.get<Profile>('/profile', { signal }) });

export const useFavourites = () =>
  useQuery({ queryKey: keys.favourites, queryFn: ({ signal }) => api.get<Favourites>('/favorite', { signal }) });

export const useOwnReviews = () =>
  useQuery({
    queryKey: keys.ownReviews,
    queryFn: ({ signal }) => api.get<OwnReview[]>('/profile/reviews', { signal }),
  });

/** Keeps the locally stored user (header, menu) in step with the profile. */
function syncSessionUser(changes: { fio?: string; email?: string; avatar?: string | null }) {
  const session = getSession();
  if (session) updateSessionUser({ ...session.user, ...changes });
}

export function useEditProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProfileEditBody) => api.patch<Profile>('/profile/edit', body),
    onSuccess: (profile) => {
      queryClient.setQueryData(keys.profile, profile);
      syncSessionUser({ fio: profile.fio, email: profile.email });
    },
  });
}

export function useUploadAvatar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('image', file);
      return api.post<AvatarResponse>('/upload-avatar', form);
    },
    onSuccess: ({ namefile }) => {
      queryClient.setQueryData<Profile>(keys.profile, (profile) => profile && { ...profile, avatar: namefile });
      syncSessionUser({ avatar: namefile });
    },
  });
}
