/** The viewer's profile: GET /api/profile, PATCH /api/profile/edit, POST /api/upload-avatar. */
import { AVATAR_MAX_BYTES } from '../../contract/accounts';
import { Router } from 'express';
import { ProfileEditBodySchema, type AvatarResponse, type Profile } from '../../contract/profile';
import type { AppContext } from '../../context';
import { imageUpload } from '../../lib/images';
import { endpoint } from '../../lib/validate';
import { requireUser, signedInUser } from '../auth/guard';
import { presentProfile } from './presenter';
import { editProfile, loadProfile, replaceAvatar } from './service';

export function profileRoutes(ctx: AppContext): Router {
  const router = Router();

  router.get(
    '/profile',
    requireUser,
    endpoint({}, async (_input, _req, res): Promise<Profile> =>
      presentProfile(await loadProfile(ctx, signedInUser(res).id)),
    ),
  );

  router.patch(
    '/profile/edit',
    requireUser,
    endpoint({ body: ProfileEditBodySchema }, async ({ body }, _req, res): Promise<Profile> =>
      presentProfile(await editProfile(ctx, signedInUser(res).id, body)),
    ),
  );

  router.post(
    '/upload-avatar',
    requireUser,
    imageUpload('image', AVATAR_MAX_BYTES),
    endpoint({}, async (_input, req, res): Promise<AvatarResponse> => ({
      namefile: await replaceAvatar(ctx, signedInUser(res).id, req.file),
    })),
  );

  return router;
}
