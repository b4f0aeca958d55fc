/**
 * The local session (docs/product.md §4): the bearer token and the signed-in user kept in
 * localStorage under 'token' and 'user'. Components read it with `useSession()`; it updates across
 * tabs too.
 */
import { useSyncExternalStore } from 'react';
import type { Role } from '@kino/backend/contract';

/** What the client keeps of the signed-in user. */
export interface SessionUser {
  id: number;
  fio: string;
  email: string;
  role: Role;
  avatar: string | null;
  provider: string;
}

export interface Session {
  token: string;
  user: SessionUser;
}

const TOKEN_KEY = 'token';
const USER_KEY = 'user';
const listeners = new Set<() => void>();
let cached: { raw: string; session: Session | null } | undefined;

function read(): Session | null {
  // A server render is a guest's.
  if (typeof localStorage === 'undefined') return null;
  const token = localStorage.getItem(TOKEN_KEY);
  const rawUser = localStorage.getItem(USER_KEY);
  const raw = `${token}\u0000${rawUser}`;
  if (cached?.raw === raw) return cached.session;
  let session: Session | null = null;
  if (token && rawUser) {
    try {
      session = { token, user: JSON.parse(rawUser) as SessionUser };
    } catch {
      session = null;
    }
  }
  cached = { raw, session };
  return session;
}

const notify = () => listeners.forEach((listener) => listener());

export const getSession = (): Session | null => read();
export const getToken = (): string | null => read()?.token ?? null;

export function saveSession(session: Session): void {
  localStorage.setItem(TOKEN_KEY, session.token);
  localStorage.setItem(USER_KEY, JSON.stringify(session.user));
  notify();
}

export function updateSessionUser(user: SessionUser): void {
  localStorage.setItem(USER_KEY, JSON.stringify(user));
  notify();
}

export function clearSession(): void {
  localStorage.removeItem(TOKEN_KEY);
  localStorage.removeItem(USER_KEY);
  notify();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === TOKEN_KEY || event.key === USER_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The current session, or null for a guest. */
export const useSession = (): Session | null => useSyncExternalStore(subscribe, read, () => null);
