import type { AppContext } from '../../context';
import { handlers } from '../../lib/http/api-router';
import { cachedRead } from '../../lib/http/response-cache';
import { cinemaSettings } from './cinema';
import { saveCinemaSettings } from './save';

/** The cinema's details and legal entity (docs/architecture.md, "The cinema's details"). */
export const settingsRoutes = (ctx: AppContext) =>
  handlers({
    /** Every page's header and footer read it: cached, dropped when the admin saves. */
    'GET /settings/cinema': ({ req }) => cachedRead(ctx, 'GET /settings/cinema', req, () => cinemaSettings(ctx)),
    'PUT /settings/cinema': ({ body, user }) => saveCinemaSettings(ctx, body, user.id),
  });
