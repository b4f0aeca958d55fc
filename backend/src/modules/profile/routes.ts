/** The viewer's profile: GET /api/profile, PATCH /api/profile/edit, POST /api/upload-avatar. */
import type { AppContext } from '../../context';
import { handlers } from '../../lib/http/api-router';
import { presentProfile } from './presenter';
import { editProfile, loadProfile, replaceAvatar } from './service';

export const profileRoutes = (ctx: AppContext) =>
  handlers({
    'GET /profile': async ({ user }) => presentProfile(await loadProfile(ctx, user.id)),
    'PATCH /profile/edit': async ({ user, body }) => presentProfile(await editProfile(ctx, user.id, body)),
    'POST /upload-avatar': async ({ user, files }) => ({ namefile: await replaceAvatar(ctx, user.id, files.image) }),
  });
