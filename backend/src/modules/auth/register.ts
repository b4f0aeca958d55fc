import type { z } from 'zod';
import type { RegisterBodySchema } from '../../contract/auth';
import type { AppContext } from '../../context';
import { PG_UNIQUE_VIOLATION, pgErrorCode, schema } from '../../db';
import { conflict } from '../../lib/errors';
import { hashPassword } from './password';

export const EMAIL_TAKEN = 'Пользователь с такой почтой уже зарегистрирован';

/** Creates a customer account; 409 when the e-mail is taken. */
export async function register(ctx: Pick<AppContext, 'db'>, body: z.output<typeof RegisterBodySchema>) {
  const password = await hashPassword(body.password);
  try {
    const [user] = await ctx.db
      .insert(schema.users)
      .values({ email: body.email, password, fio: body.fio, birthday: body.birthday, provider: body.provider })
      .returning();
    return user!;
  } catch (err) {
    if (pgErrorCode(err) === PG_UNIQUE_VIOLATION)
      throw conflict('conflict', EMAIL_TAKEN, { fields: { email: EMAIL_TAKEN } });
    throw err;
  }
}
