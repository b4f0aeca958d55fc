import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { openDatabase } from './index';

it('opens the embedded database with small buffers (its WebAssembly heap takes them up front)', async () => {
  const database = await openDatabase({});
  try {
    const setting = async (name: string) =>
      (
        (await database.db.execute(sql.raw(`select current_setting('${name}') as v`))) as unknown as {
          rows: { v: string }[];
        }
      ).rows[0]!.v;
    expect(await setting('shared_buffers')).toBe('16MB');
    expect(await setting('maintenance_work_mem')).toBe('16MB');
  } finally {
    await database.close();
  }
}, 120_000);
