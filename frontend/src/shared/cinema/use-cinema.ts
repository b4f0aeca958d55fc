/**
 * The cinema's details as the admin keeps them (GET /api/settings/cinema; docs/architecture.md, "The
 * cinema's details"): loaded with every page rendered on the server (the header and footer need them), so
 * the browser starts with them. Saving them drops the server's rendered pages; the admin's screen marks the
 * client's copy stale.
 */
import type { CinemaSettings } from '@kino/backend/contract';
import { useApiQuery } from '../api/hooks';

export interface CinemaState {
  /** The details; undefined while unknown (loading, or no answer). */
  cinema: CinemaSettings | undefined;
  /** No details were ever saved: a deployment being set up (the setup form, a neutral public page). */
  unconfigured: boolean;
}

export function useCinemaState(): CinemaState {
  const { data } = useApiQuery('GET /settings/cinema', undefined, { staleTime: 5 * 60_000 });
  return { cinema: data ?? undefined, unconfigured: data === null };
}

/** The details, or undefined while unknown or not set up (pages then say only what needs no details). */
export const useCinema = (): CinemaSettings | undefined => useCinemaState().cinema;
