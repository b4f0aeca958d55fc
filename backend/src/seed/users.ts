/** The demo accounts, identified by email; the password is hashed once, only when one is missing. */
import { schema, type Db } from '../db';
import { hashPassword } from '../lib/infra/passwords';
import { DEMO_PASSWORD, SEED_ACCOUNTS } from './data/accounts';
import { ensureByKey } from './ensure';
import { seedImage } from './images';

/** Account slug → user id, and how many accounts were created. */
export async function ensureUsers(db: Db): Promise<{ ids: Map<string, number>; created: number }> {
  const { idOf, created } = await ensureByKey(
    db,
    schema.users,
    schema.users.email,
    SEED_ACCOUNTS,
    (a) => a.email,
    async (missing) => {
      const password = await hashPassword(DEMO_PASSWORD);
      return missing.map((a) => ({
        fio: a.fio,
        email: a.email,
        password,
        birthday: a.birthday,
        role: a.role,
        avatar: a.hasAvatar ? seedImage.avatar(a.slug) : null,
      }));
    },
  );
  return { ids: new Map(SEED_ACCOUNTS.map((a) => [a.slug, idOf(a)])), created: created.length };
}
