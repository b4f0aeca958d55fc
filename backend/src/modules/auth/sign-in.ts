import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { AuthenticateBodySchema, AuthResponse } from '../../contract/auth';
import type { AppContext } from '../../context';
import { schema } from '../../db';
import { AppError } from '../../lib/http/errors';
import { verifyPassword } from '../../lib/infra/passwords';
import { presentSessionUser } from './presenter';
import { issueToken } from './tokens';

/** E-mail and password → a new token. One answer for an unknown e-mail and a wrong password. */
export async function signIn(
  ctx: Pick<AppContext, 'db' | 'config' | 'clock'>,
  { email, password }: z.output<typeof AuthenticateBodySchema>,
): Promise<AuthResponse> {
  const [user] = await ctx.db.select().from(schema.users).where(eq(schema.users.email, email)).limit(1);
  // Accounts made through a social provider have no password: verifyPassword refuses them.
  if (!user || !(await verifyPassword(user.password, password))) {
    throw new AppError('invalid_credentials', 'Неверная почта или пароль');
  }
  return { token: await issueToken(ctx, user.id), user: presentSessionUser(user) };
}
