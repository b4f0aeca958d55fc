/**
 * The ATOL driver v10 web server as a FiscalDriver (REGISTRIES.md §1.2, §1.3, §1.8): `POST /requests`
 * with `{uuid, request: [task]}`, then `GET /requests/{uuid}` until the task ends. A POST whose answer is
 * lost is never repeated blindly: the uuid is read back first, and posted again only if the server does
 * not know it (404) and never said it had it; a 409 means it has it already. `resume` picks a task up
 * again by its uuid after the first wait gave up: it reads before it ever posts.
 */
import type { Logger } from '../lib/infra/logger';
import { NOT_RECEIVED, RegisterUnreachable, type FiscalAnswer, type FiscalDriver, type FiscalTask } from './driver';

export interface AtolWebOptions {
  url: string;
  /** The longest a task may take, from the first POST to its end. */
  timeoutMs: number;
  /** Between two reads of a task's status (ATOL_POLL_MS); default 20 ms. */
  pollMs?: number;
  logger?: Pick<Logger, 'warn'>;
}

interface WebResult {
  status?: string;
  errorCode?: number;
  errorDescription?: string;
  result?: unknown;
}

const FAILED = new Set(['error', 'interrupted', 'canceled']);
/** One HTTP exchange with the server (it answers at once; the task runs behind it). */
const REQUEST_TIMEOUT_MS = 5000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class AtolWebDriver implements FiscalDriver {
  private readonly pollMs: number;
  constructor(private readonly options: AtolWebOptions) {
    this.pollMs = options.pollMs ?? 20;
  }

  run(uuid: string, task: FiscalTask): Promise<FiscalAnswer> {
    return this.follow(uuid, task, 'no');
  }

  resume(uuid: string, task: FiscalTask, acknowledged: boolean, repost = true): Promise<FiscalAnswer> {
    return this.follow(uuid, task, acknowledged ? 'yes' : 'unsure', repost);
  }

  /**
   * Posts the task unless it may be on the server already, then reads it until it ends.
   * 'no': not posted yet; 'unsure': posted, the answer was lost; 'yes': the server said it has it.
   * Without `repost`, a task the server never registered is not posted again: it answers NOT_RECEIVED.
   */
  private async follow(
    uuid: string,
    task: FiscalTask,
    from: 'no' | 'unsure' | 'yes',
    repost = true,
  ): Promise<FiscalAnswer> {
    const deadline = Date.now() + this.options.timeoutMs;
    let registered = from;
    for (;;) {
      if (registered === 'no') registered = (await this.post(uuid, task)) ? 'yes' : 'unsure';
      const read = await this.read(uuid);
      if (read === 'unknown') {
        // Never registered: the same uuid may go again. Registered and then forgotten (the server
        // restarted): the register may have printed it, so its outcome is for a person to check.
        if (registered === 'yes') {
          throw new RegisterUnreachable(`задание ${task.type} (${uuid}) потеряно сервером ККТ`, true);
        }
        if (!repost) return NOT_RECEIVED;
        registered = 'no';
      } else if (read !== 'unreachable') {
        const status = read.status ?? '';
        if (status === 'ready') return { status: 'ready', result: read.result ?? null };
        if (FAILED.has(status)) {
          return { status: 'error', code: read.errorCode ?? -1, description: read.errorDescription ?? status };
        }
        registered = 'yes';
      }
      if (Date.now() >= deadline) {
        throw new RegisterUnreachable(
          `задание ${task.type} (${uuid}) не завершилось за отведённое время`,
          registered === 'yes',
        );
      }
      await sleep(this.pollMs);
    }
  }

  /** True once the server has the task (201 now, or 409: it had it already); false when it did not answer. */
  private async post(uuid: string, task: FiscalTask): Promise<boolean> {
    let res: Response;
    try {
      res = await fetch(`${this.options.url}/requests`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ uuid, request: [task] }),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
    } catch (err) {
      this.options.logger?.warn({ err, uuid, type: task.type }, 'ATOL: no answer to a task; reading it back');
      return false;
    }
    await res.body?.cancel();
    if (res.ok || res.status === 409) return true;
    throw new Error(`ATOL web server refused the task envelope: HTTP ${res.status}`);
  }

  /** The task's first result; 'unknown' (404) when the server has no such uuid; 'unreachable' on no answer. */
  private async read(uuid: string): Promise<WebResult | 'unknown' | 'unreachable'> {
    try {
      const res = await fetch(`${this.options.url}/requests/${encodeURIComponent(uuid)}`, {
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      if (res.status === 404) {
        await res.body?.cancel();
        return 'unknown';
      }
      if (!res.ok) {
        await res.body?.cancel();
        return 'unreachable';
      }
      const body = (await res.json()) as { results?: WebResult[] };
      return body.results?.[0] ?? {};
    } catch {
      return 'unreachable';
    }
  }
}
