import type { SessionUser } from '../../contract/auth';
import type { schema } from '../../db';

type UserRow = Pick<typeof schema.users.$inferSelect, keyof SessionUser>;

/** The user a client stores with its token (SPEC: "a locally stored user has fio and avatar"). */
export const presentSessionUser = (user: UserRow): SessionUser => ({
  id: user.id,
  fio: user.fio,
  email: user.email,
  avatar: user.avatar,
  role: user.role,
  provider: user.provider,
});
