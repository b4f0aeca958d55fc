import type { Hall } from '../../contract/catalog';
import type { schema } from '../../db';

export const presentHall = (row: typeof schema.halls.$inferSelect): Hall => ({
  id: row.id,
  name: row.name,
  capacity: row.capacity,
});
