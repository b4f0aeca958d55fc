/** The demo cinema's details in the settings, unless the admin saved some already (then left as they are). */
import { schema, type Db } from '../db';
import { cinemaSettingsValues } from '../modules/settings/presenter';
import { DEMO_CINEMA } from './data/cinema';

/** 1 when written now, 0 when the settings were there. */
export async function ensureCinemaSettings(db: Db): Promise<number> {
  const written = await db
    .insert(schema.cinemaSettings)
    .values({ id: 1, ...cinemaSettingsValues(DEMO_CINEMA) })
    .onConflictDoNothing()
    .returning({ id: schema.cinemaSettings.id });
  return written.length;
}
