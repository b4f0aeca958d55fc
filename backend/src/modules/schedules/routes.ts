import { Router } from 'express';
import type { AppContext } from '../../context';
import { endpoint } from '../../lib/validate';
import { readSchedules } from './cache';

export function scheduleRoutes(ctx: AppContext): Router {
  const router = Router();
  /** GET /api/schedules: the films on the bill from today on, each with its sessions and sold seats. */
  router.get(
    '/schedules',
    endpoint({}, async (_input, _req, res) => {
      res.type('json').send(await readSchedules(ctx));
    }),
  );
  return router;
}
