import type { AppContext } from '../../context';
import { handlers } from '../../lib/http/api-router';
import { findPerson, listPersons } from './service';

export const personRoutes = (ctx: AppContext) =>
  handlers({
    'GET /persons': ({ query }) => listPersons(ctx, query),
    'GET /persons/admin': ({ query }) => listPersons(ctx, query),
    'GET /persons/:id': ({ params }) => findPerson(ctx, params.id),
  });
