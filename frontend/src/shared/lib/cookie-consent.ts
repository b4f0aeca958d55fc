/**
 * The viewer's answer to the cookie notice (REGISTRIES.md §4.2): until they agree, the site keeps only what it
 * cannot work without — the sign-in (localStorage 'token', 'user'), a purchase in progress (sessionStorage
 * 'kino:ticket-types:…', 'kino.adult-confirmed'), this answer itself, and nginx's 'kino_upstream' cookie — and
 * loads no third party that sets its own (the map). 'all' lets the map load with the page; 'necessary' keeps it
 * behind its button. The answer is kept a year, then asked again.
 */
import { useSyncExternalStore } from 'react';

export type CookieChoice = 'all' | 'necessary';

/** The one storage key of the answer (the cookie policy lists it). */
export const COOKIE_CONSENT_KEY = 'kino:cookie-consent';
const YEAR_MS = 365 * 24 * 60 * 60 * 1000;

const listeners = new Set<() => void>();
/** A notice reopened from the footer shows again even though an answer is kept. */
let reopened = false;

function read(): CookieChoice | null {
  if (typeof localStorage === 'undefined') return null;
  try {
    const saved = JSON.parse(localStorage.getItem(COOKIE_CONSENT_KEY) ?? 'null') as {
      choice?: unknown;
      at?: unknown;
    } | null;
    const fresh = typeof saved?.at === 'number' && Date.now() - saved.at < YEAR_MS;
    return fresh && (saved.choice === 'all' || saved.choice === 'necessary') ? saved.choice : null;
  } catch {
    return null;
  }
}

const notify = () => listeners.forEach((listener) => listener());

export function saveCookieChoice(choice: CookieChoice): void {
  localStorage.setItem(COOKIE_CONSENT_KEY, JSON.stringify({ choice, at: Date.now() }));
  reopened = false;
  notify();
}

/** The footer's «Настройки cookie»: the notice shows again with the current answer kept until a new one. */
export function reopenCookieNotice(): void {
  reopened = true;
  notify();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === COOKIE_CONSENT_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The answer kept (null: none yet, or on the server) and whether the notice should show. */
export function useCookieConsent(): { choice: CookieChoice | null; asking: boolean } {
  const choice = useSyncExternalStore(subscribe, read, () => null);
  const asking = useSyncExternalStore(
    subscribe,
    () => reopened || read() === null,
    // The server renders no notice: it cannot know the answer, and the browser adds it after hydration.
    () => false,
  );
  return { choice, asking };
}
