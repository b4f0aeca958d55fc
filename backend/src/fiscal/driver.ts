/**
 * What Kino asks of a cash register: run one task and answer how it ended. One implementation now, ATOL's
 * web server (atol-web.ts); ATOL Online or another vendor can stand behind the same interface. Tasks are
 * ATOL's JSON tasks (REGISTRIES.md §1.4–§1.7), the vocabulary every Russian register driver maps to.
 */

/** A JSON task: `{ type: 'sell', operator, items, payments, total, … }`. */
export type FiscalTask = { type: string } & Record<string, unknown>;

export type FiscalAnswer =
  { status: 'ready'; result: unknown } | { status: 'error'; code: number; description: string };

export interface FiscalDriver {
  /**
   * Runs the task under the caller's uuid and waits for its end. The same uuid is never run twice: a lost
   * answer is read back by it. Throws RegisterUnreachable when the register cannot be asked or does not
   * finish in time (the task's outcome is then unknown and it is not to be sent again under a new uuid).
   */
  run(uuid: string, task: FiscalTask): Promise<FiscalAnswer>;
}

export class RegisterUnreachable extends Error {
  override name = 'RegisterUnreachable';
}
