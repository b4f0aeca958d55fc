import { Router } from 'express';
import { IdParamsSchema } from '../../contract/common';
import { PersonListQuerySchema } from '../../contract/persons';
import type { AppContext } from '../../context';
import { endpoint } from '../../lib/validate';
import { findPerson, listPersons } from './service';

export function personRoutes(ctx: AppContext): Router {
  const router = Router();
  /** GET /api/persons?page=&per_page= → {data, total, last_page} */
  router.get(
    '/persons',
    endpoint({ query: PersonListQuerySchema }, ({ query }) => listPersons(ctx, query)),
  );
  /** GET /api/persons/{id} */
  router.get(
    '/persons/:id',
    endpoint({ params: IdParamsSchema }, ({ params }) => findPerson(ctx, params.id)),
  );
  return router;
}
