/**
 * After a sale or a refund (effects table, 'push-sales'): the staff room hears which show dates' figures
 * moved, so an open reports page whose period covers one asks again ('sales:changed').
 */
import { inArray } from 'drizzle-orm';
import { toCinemaDate } from '../../contract/time';
import type { AppContext } from '../../context';
import { schema } from '../../db';
import { emitterFor } from '../../realtime/emitter';
import { STAFF_ROOM } from '../../realtime/rooms';

export async function pushSalesChanged(
  ctx: Pick<AppContext, 'db' | 'redis' | 'keys' | 'logger'>,
  sessionIds: number[],
): Promise<void> {
  const rows = await ctx.db
    .select({ start: schema.sessions.startTime })
    .from(schema.sessions)
    .where(inArray(schema.sessions.id, sessionIds));
  const dates = [...new Set(rows.map((r) => toCinemaDate(r.start)))].sort();
  if (dates.length > 0) emitterFor(ctx).to(STAFF_ROOM).emit('sales:changed', { dates });
}
