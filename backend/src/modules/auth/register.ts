import type { z } from 'zod';
import type { RegisterBodySchema } from '../../contract/auth';
import type { AppContext } from '../../context';
import { PG_UNIQUE_VIOLATION, pgErrorCode, schema } from '../../db';
import { write } from '../../effects';
import { conflict } from '../../lib/http/errors';
import { recordSignUpConsents } from '../privacy/consents';
import { hashPassword } from '../../lib/infra/passwords';

export const EMAIL_TAKEN = 'Пользователь с такой почтой уже зарегистрирован';

/**
 * Creates a customer account with its consents (the processing consent the form requires, the marketing one when
 * ticked), recorded in the same transaction; 409 when the e-mail is taken.
 */
export async function register(ctx: AppContext, body: z.output<typeof RegisterBodySchema>, ip: string | null) {
  const password = await hashPassword(body.password);
  try {
    return await write(ctx, async (tx, changed) => {
      const [user] = await tx
        .insert(schema.users)
        .values({ email: body.email, password, fio: body.fio, birthday: body.birthday, provider: body.provider })
        .returning();
      await recordSignUpConsents(tx, user!.id, { marketing: body.marketing_consent === true, channel: 'web', ip });
      changed({ what: 'users', change: 'registered', id: user!.id });
      return user!;
    });
  } catch (err) {
    if (pgErrorCode(err) === PG_UNIQUE_VIOLATION)
      throw conflict('conflict', EMAIL_TAKEN, { fields: { email: EMAIL_TAKEN } });
    throw err;
  }
}
