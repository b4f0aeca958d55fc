import { AVATAR_SIZE } from '../../contract/accounts';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { type ProfileEditBodySchema } from '../../contract/profile';
import type { AppContext } from '../../context';
import { PG_UNIQUE_VIOLATION, pgErrorCode, schema } from '../../db';
import { conflict, notFound } from '../../lib/http/errors';
import { removeStoredImage, storeImage } from '../../lib/documents/images';

const EMAIL_IN_USE = 'Эта почта уже занята другим пользователем';

export async function loadProfile(ctx: Pick<AppContext, 'db'>, userId: number) {
  const [user] = await ctx.db.select().from(schema.users).where(eq(schema.users.id, userId)).limit(1);
  if (!user) throw notFound('Пользователь не найден');
  return user;
}

/** Changes e-mail, name or birth date; 409 when the e-mail belongs to someone else. */
export async function editProfile(
  ctx: Pick<AppContext, 'db'>,
  userId: number,
  changes: z.output<typeof ProfileEditBodySchema>,
) {
  try {
    const [user] = await ctx.db.update(schema.users).set(changes).where(eq(schema.users.id, userId)).returning();
    if (!user) throw notFound('Пользователь не найден');
    return user;
  } catch (err) {
    if (pgErrorCode(err) === PG_UNIQUE_VIOLATION)
      throw conflict('conflict', EMAIL_IN_USE, { fields: { email: EMAIL_IN_USE } });
    throw err;
  }
}

/** Stores the uploaded image as the viewer's avatar and deletes the previous one; answers the stored name. */
export async function replaceAvatar(
  ctx: Pick<AppContext, 'db' | 'config'>,
  userId: number,
  file: Express.Multer.File | undefined,
): Promise<string> {
  const name = await storeImage(ctx.config, file, {
    folder: 'avatars',
    field: 'image',
    width: AVATAR_SIZE,
    height: AVATAR_SIZE,
  });
  try {
    const previous = await ctx.db.transaction(async (tx) => {
      const [before] = await tx
        .select({ avatar: schema.users.avatar })
        .from(schema.users)
        .where(eq(schema.users.id, userId))
        .for('update');
      await tx.update(schema.users).set({ avatar: name }).where(eq(schema.users.id, userId));
      return before?.avatar ?? null;
    });
    await removeStoredImage(ctx.config, previous);
    return name;
  } catch (err) {
    await removeStoredImage(ctx.config, name);
    throw err;
  }
}
