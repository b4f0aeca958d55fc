import type { Profile } from '../../contract/profile';
import type { schema } from '../../db';

export const presentProfile = (user: typeof schema.users.$inferSelect): Profile => ({
  id: user.id,
  fio: user.fio,
  email: user.email,
  birthday: user.birthday,
  avatar: user.avatar,
  provider: user.provider,
  role: user.role,
  has_password: user.password !== null,
});
