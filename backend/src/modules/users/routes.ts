import type { AppContext } from '../../context';
import { handlers } from '../../lib/http/api-router';
import { changeRole, listUsers, setInn } from './service';

export const userRoutes = (ctx: AppContext) =>
  handlers({
    'GET /users': ({ query }) => listUsers(ctx, query),
    'PUT /users/:id/role': ({ params, body }) => changeRole(ctx, params.id, body.role),
    'PUT /users/:id/inn': ({ params, body }) => setInn(ctx, params.id, body.inn),
  });
