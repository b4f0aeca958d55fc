/**
 * The query cache a server render ends with, carried in the page (a JSON data block, which the
 * Content-Security-Policy allows, unlike an inline script) so the browser starts from it.
 * A read that failed (a 404) travels as its status, code and message and becomes an ApiError again.
 */
import { dehydrate, hydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import { ApiError } from '../api/client';

export const PAGE_STATE_ID = 'page-state';

interface FailedRead {
  status: number;
  code: ApiError['code'];
  message: string;
  details?: unknown;
}

/** The cache as JSON that is safe inside a <script> element. */
export function serializePageState(client: QueryClient): string {
  const state = dehydrate(client, { shouldDehydrateQuery: (query) => query.state.status !== 'pending' });
  for (const query of state.queries) {
    const error = query.state.error;
    if (error instanceof ApiError) {
      const failed: FailedRead = {
        status: error.status,
        code: error.code,
        message: error.message,
        details: error.details,
      };
      (query.state as { error: unknown }).error = failed;
    }
  }
  return JSON.stringify(state).replace(/</g, '\\u003c');
}

/** Fills the browser's cache from the page; false when the page carries none (the Vite dev server). */
export function hydratePageState(client: QueryClient): boolean {
  const text = document.getElementById(PAGE_STATE_ID)?.textContent;
  if (!text) return false;
  const state = JSON.parse(text) as DehydratedState;
  // The page is as fresh as the server knows: its cache is dropped by every change it shows. Counted from
  // now, so the hooks do not fetch again what the page already carries (a cached page may be a minute old).
  const now = Date.now();
  for (const query of state.queries) {
    if (query.state.status === 'success') query.state.dataUpdatedAt = now;
    const failed = query.state.error as FailedRead | null;
    if (failed) {
      (query.state as { error: unknown }).error = new ApiError(
        failed.status,
        failed.code,
        failed.message,
        failed.details,
      );
    }
  }
  hydrate(client, state);
  return true;
}
