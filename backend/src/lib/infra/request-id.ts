/**
 * The id of the API request being handled (x-request-id, lib/http/middleware.ts), for whatever runs on its
 * behalf: a job enqueued after its commit carries it, so the worker's log lines name the request.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

const current = new AsyncLocalStorage<string>();

/** Runs `work` (and everything it starts) as part of the request `id`. */
export const withRequestId = <T>(id: string, work: () => T): T => current.run(id, work);

/** The request this code runs for; undefined outside a request (a worker, the sweeper, start-up). */
export const currentRequestId = (): string | undefined => current.getStore();
