/** A Lua script run by its SHA (EVALSHA), sent whole only the first time a Redis server misses it. */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Redis } from '../../lib/infra/redis';

const LUA_DIR = path.join(import.meta.dirname, 'lua');

export class LuaScript {
  readonly sha: string;

  constructor(readonly source: string) {
    this.sha = createHash('sha1').update(source).digest('hex');
  }

  /** The script made of these files of modules/seats/lua, in order (shared preludes first). */
  static fromFiles(...names: string[]): LuaScript {
    return new LuaScript(names.map((name) => fs.readFileSync(path.join(LUA_DIR, `${name}.lua`), 'utf8')).join('\n'));
  }

  /**
   * `now` (epoch ms) pins the scripts' clock (lua/clock.lua): only for a context with an injected
   * clock; without it they read Redis's, which every process shares.
   */
  async run(redis: Redis, keys: string[], args: (string | number)[], now?: number): Promise<unknown> {
    const all = [...args, now ?? ''];
    try {
      return await redis.evalsha(this.sha, keys.length, ...keys, ...all);
    } catch (err) {
      if (!(err instanceof Error) || !err.message.startsWith('NOSCRIPT')) throw err;
      return redis.eval(this.source, keys.length, ...keys, ...all);
    }
  }
}
