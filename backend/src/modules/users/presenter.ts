import type { UserRow } from '../../contract/users';
import type { schema } from '../../db';

export const presentUserRow = (user: typeof schema.users.$inferSelect): UserRow => ({
  id: user.id,
  fio: user.fio,
  email: user.email,
  birthday: user.birthday,
  avatar: user.avatar,
  role: user.role,
  provider: user.provider,
  inn: user.inn,
});
