import { useSessionCheck } from '../api/auth';

/**
 * Keeps the stored user true to the server on every page, the back office's included: the token is
 * checked when the app starts, again when the person's role changes (the live event) and when the
 * server refuses a call (403). Renders nothing; mounted once, above the routes.
 */
export function SessionCheck() {
  useSessionCheck();
  return null;
}
