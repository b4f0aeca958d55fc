/**
 * The cinema's details as every reader on the server gets them (docs/architecture.md, "The cinema's
 * details"): the pages (through GET /api/settings/cinema), the PDFs, the mails, the receipts and ЕАИС.
 * Kept in this process beside the response caches and dropped with the `cinema` cache, which the effects
 * table invalidates in every process when the admin saves them; the same safety-net age as the caches.
 */
import type { CinemaSettings } from '../../contract/settings';
import type { AppContext } from '../../context';
import { cachesOf } from '../../lib/http/response-cache';
import { presentCinemaSettings } from './presenter';

/** A safety net only, as the response caches' (lib/http/response-cache.ts): invalidation keeps it true. */
const MAX_AGE_MS = 60_000;

interface Kept {
  generation: number;
  storedAt: number;
  settings: Promise<CinemaSettings | null>;
}

const kept = new WeakMap<object, Kept>();

/** The saved details, or null while none are (a deployment being set up: the setup form). */
export function cinemaSettings(ctx: Pick<AppContext, 'db'>): Promise<CinemaSettings | null> {
  const generation = cachesOf(ctx).generationOf('cinema');
  const entry = kept.get(ctx);
  if (entry && entry.generation === generation && performance.now() - entry.storedAt < MAX_AGE_MS)
    return entry.settings;
  const settings = ctx.db.query.cinemaSettings.findFirst().then((row) => (row ? presentCinemaSettings(row) : null));
  // A failed read is not kept: the next reader asks again.
  settings.catch(() => kept.delete(ctx));
  kept.set(ctx, { generation, storedAt: performance.now(), settings });
  return settings;
}
