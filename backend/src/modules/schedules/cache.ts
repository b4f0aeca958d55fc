/**
 * GET /api/schedules is cached per cinema day. Whatever changes a session, its film or hall, or
 * which seats are sold (a purchase, a refund) must call invalidateSchedules after committing.
 */
import { toCinemaDate } from '../../contract/time';
import type { AppContext } from '../../context';
import { responseCache } from '../../lib/cache';
import { loadSchedules } from './service';

const schedulesCache = responseCache('schedules');

/** The bill as JSON text; the day is part of the key, so midnight needs no invalidation. */
export function readSchedules(ctx: AppContext): Promise<string> {
  const now = new Date();
  return schedulesCache.read(ctx, () => loadSchedules(ctx, now), toCinemaDate(now));
}

/** Call after a commit that changes sessions or sold seats. Never throws. */
export const invalidateSchedules = (ctx: Pick<AppContext, 'redis' | 'keys' | 'logger'>): Promise<void> =>
  schedulesCache.invalidate(ctx);
