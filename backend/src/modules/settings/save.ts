/** The admin saves the cinema's details: the one row written whole; every page shows them at its next render. */
import type { CinemaSettings, CinemaSettingsBodySchema } from '../../contract/settings';
import type { z } from '../../contract/zod';
import type { AppContext } from '../../context';
import { schema } from '../../db';
import { write } from '../../effects';
import { cinemaSettingsValues, presentCinemaSettings } from './presenter';

export async function saveCinemaSettings(
  ctx: AppContext,
  body: z.output<typeof CinemaSettingsBodySchema>,
  userId: number | null,
): Promise<CinemaSettings> {
  const values = { ...cinemaSettingsValues(body), updatedBy: userId, updatedAt: ctx.clock.now() };
  const row = await write(ctx, async (tx, changed) => {
    const [saved] = await tx
      .insert(schema.cinemaSettings)
      .values({ id: 1, ...values })
      .onConflictDoUpdate({ target: schema.cinemaSettings.id, set: values })
      .returning();
    changed({ what: 'settings' });
    return saved!;
  });
  return presentCinemaSettings(row);
}
