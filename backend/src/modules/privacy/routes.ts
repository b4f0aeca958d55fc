/** A viewer's data: consents, the marketing consent, the export, the account's deletion. */
import type { AppContext } from '../../context';
import { write } from '../../effects';
import { handlers } from '../../lib/http/api-router';
import { consentsOf, recordConsent } from './consents';
import { deleteAccount } from './delete-account';
import { exportPersonalData } from './export';

export const privacyRoutes = (ctx: AppContext) =>
  handlers({
    'GET /profile/consents': ({ user }) => consentsOf(ctx.db, user.id),
    'PUT /profile/consents/marketing': async ({ user, body, req }) => {
      const { marketing } = await consentsOf(ctx.db, user.id);
      // Ticking a ticked box (or clearing a clear one) records nothing: there is no new word to keep.
      if (marketing !== body.marketing_consent) {
        await write(ctx, (tx) =>
          recordConsent(tx, {
            userId: user.id,
            document: 'marketing-consent',
            action: body.marketing_consent ? 'given' : 'withdrawn',
            channel: 'profile',
            ip: req.ip ?? null,
          }),
        );
      }
      return consentsOf(ctx.db, user.id);
    },
    'GET /profile/export': async ({ user, res }) => {
      res.setHeader('Content-Disposition', 'attachment; filename="kino-my-data.json"');
      res.setHeader('Cache-Control', 'no-store');
      return exportPersonalData(ctx, user.id);
    },
    'DELETE /profile': async ({ user, body, req }) => {
      // Its sockets end through the effects table, with every other of the person's.
      await deleteAccount(ctx, user, body, req.ip ?? null);
      return { message: 'Аккаунт удалён' };
    },
  });
