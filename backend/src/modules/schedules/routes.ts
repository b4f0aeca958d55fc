import type { AppContext } from '../../context';
import { handlers } from '../../lib/http/api-router';
import { cachedRead } from '../../lib/http/response-cache';
import { createSession, listStaffSessions } from './admin';
import { cancelSession } from './cancel';
import { updateSession } from './change';
import { loadSchedules } from './service';

export const scheduleRoutes = (ctx: AppContext) =>
  handlers({
    /** The films on the bill from today on, each with its sessions and sold seats. Cached. */
    'GET /schedules': ({ req }) => cachedRead(ctx, 'GET /schedules', req, () => loadSchedules(ctx, ctx.clock.now())),
    'GET /schedules/admin': ({ query }) => listStaffSessions(ctx, query, ctx.clock.now()),
    'POST /schedule/store': ({ body }) => createSession(ctx, body, ctx.clock.now()),
    'PUT /schedules/:id': ({ params, body }) => updateSession(ctx, params.id, body, ctx.clock.now()),
    'POST /schedules/:id/cancel': ({ params, body, user }) => cancelSession(ctx, params.id, user, body),
  });
