import { useSyncExternalStore } from 'react';
import type { User } from '@docent/contracts';

/**
 * The signed-in session (docs/spec-conformance.md §4): token and user live in localStorage (items `accessToken`
 * and `user`) and in this in-memory store, which React reads through useSession().
 */
export const TOKEN_KEY = 'accessToken';
export const USER_KEY = 'user';
/**
 * The lock screen's state. In localStorage, not sessionStorage: every tab
 * locks together (the storage event) and a new tab or a reload cannot step around the lock.
 * Locking also drops the token and ends its session on the server (LockPage), so the lock is no
 * mere curtain: only the password opens it again.
 */
export const LOCKED_KEY = 'locked';

export interface Session {
  token: string | null;
  user: User | null;
  /** the lock screen is up: the user is known, the token is gone */
  locked: boolean;
}

function readUser(): User | null {
  const raw = localStorage.getItem(USER_KEY);
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    // A damaged item counts as no user rather than crashing every page that reads it.
    if (parsed && typeof parsed === 'object' && 'id' in parsed && 'email' in parsed) return parsed as User;
  } catch {
    /* fall through */
  }
  return null;
}

function read(): Session {
  return { token: localStorage.getItem(TOKEN_KEY) || null, user: readUser(), locked: localStorage.getItem(LOCKED_KEY) === '1' };
}

let current: Session = read();
const listeners = new Set<() => void>();

function emit(): void {
  listeners.forEach((l) => l());
}

export function getSession(): Session {
  return current;
}

export function getToken(): string | null {
  return current.token;
}

export function setSession(token: string, user: User): void {
  localStorage.setItem(TOKEN_KEY, token);
  localStorage.setItem(USER_KEY, JSON.stringify(user));
  localStorage.removeItem(LOCKED_KEY);
  current = { token, user, locked: false };
  emit();
}

export function setToken(token: string): void {
  localStorage.setItem(TOKEN_KEY, token);
  current = { ...current, token };
  emit();
}

export function setUser(user: User): void {
  localStorage.setItem(USER_KEY, JSON.stringify(user));
  current = { ...current, user };
  emit();
}

export function clearSession(): void {
  localStorage.removeItem(TOKEN_KEY);
  localStorage.removeItem(USER_KEY);
  localStorage.removeItem(LOCKED_KEY);
  current = { token: null, user: null, locked: false };
  emit();
}

/** Locks the screen: keeps the user (for the lock page), forgets the token. Idempotent. */
export function lockSession(): void {
  if (current.locked && !current.token) return;
  localStorage.removeItem(TOKEN_KEY);
  localStorage.setItem(LOCKED_KEY, '1');
  current = { token: null, user: current.user, locked: true };
  emit();
}

/** Re-reads localStorage: used by tests and when another tab changes the session. */
export function reloadSession(): void {
  current = read();
  emit();
}

export function isSignedIn(s: Session = current): boolean {
  return Boolean(s.token && s.user);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (e) => {
    if (e.key === TOKEN_KEY || e.key === USER_KEY || e.key === LOCKED_KEY || e.key === null) reloadSession();
  });
}

export function useSession(): Session {
  return useSyncExternalStore(subscribe, getSession, getSession);
}
