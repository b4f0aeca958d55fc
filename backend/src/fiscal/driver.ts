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
  /**
   * Follows a task `run` gave up on (REGISTRIES.md §1.8, "Lost answer"): its uuid is read first, never
   * sent again while the register may have it; a uuid the register does not know is posted again only when
   * it never acknowledged it (`acknowledged`: RegisterUnreachable's) and `repost` allows it — otherwise such a
   * task never reached the register and answers NOT_RECEIVED. Throws RegisterUnreachable as run does.
   */
  resume(uuid: string, task: FiscalTask, acknowledged: boolean, repost?: boolean): Promise<FiscalAnswer>;
}

/** A followed task the register never got (REGISTRIES.md §1.8: 404, never acknowledged): nothing was printed. */
export const NOT_RECEIVED = { status: 'error', code: -1, description: 'задание не дошло до кассы (ККТ)' } as const;

export class RegisterUnreachable extends Error {
  override name = 'RegisterUnreachable';
  /** The register's server said it had the task: a task it then does not know was lost by it, maybe printed. */
  readonly acknowledged: boolean;
  constructor(message: string, acknowledged = false) {
    super(message);
    this.acknowledged = acknowledged;
  }
}
