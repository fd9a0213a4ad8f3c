import type { TokenResponse, User } from '@centavo/shared';
import { useSyncExternalStore } from 'react';

/** The stored token: the API's token response plus when the access token runs out (epoch ms). */
export interface StoredToken extends TokenResponse {
  expires_at: number;
}

/** Auth state of spec §3, persisted in local storage. */
export interface AuthState {
  user: User | null;
  token: StoredToken | null;
  /** Epoch ms of the last change. */
  updatedAt: number;
  isFetching: boolean;
  isAuthenticated: boolean;
  /** Set while the app is on its way to the upgrade page after a 'User without a valid Subscription' (spec §4). */
  redirecting: boolean;
}

export const AUTH_STORAGE_KEY = 'centavo.auth';

const emptyState: AuthState = {
  user: null,
  token: null,
  updatedAt: 0,
  isFetching: false,
  isAuthenticated: false,
  redirecting: false,
};

function isAuthState(value: unknown): value is AuthState {
  return (
    typeof value === 'object' &&
    value !== null &&
    'isAuthenticated' in value &&
    typeof value.isAuthenticated === 'boolean' &&
    'token' in value
  );
}

function readStorage(): AuthState {
  try {
    const raw = globalThis.localStorage?.getItem(AUTH_STORAGE_KEY);
    if (!raw) return emptyState;
    const parsed: unknown = JSON.parse(raw);
    // A fetch cannot survive a reload, so a persisted isFetching would leave the app waiting for ever.
    return isAuthState(parsed)
      ? { ...emptyState, ...parsed, isFetching: false, redirecting: false }
      : emptyState;
  } catch {
    return emptyState;
  }
}

let state: AuthState = readStorage();
const listeners = new Set<() => void>();

function persist(): void {
  try {
    const { user, token, updatedAt, isFetching, isAuthenticated } = state;
    globalThis.localStorage?.setItem(
      AUTH_STORAGE_KEY,
      JSON.stringify({ user, token, updatedAt, isFetching, isAuthenticated }),
    );
  } catch {
    // Storage may be full or disabled (private mode): the session then lasts as long as the tab.
  }
}

export function getAuthState(): AuthState {
  return state;
}

export function setAuthState(patch: Partial<AuthState>): void {
  state = { ...state, ...patch, updatedAt: Date.now() };
  persist();
  for (const listener of listeners) listener();
}

export function subscribeAuth(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Stores a token response and computes its expiry from `expires_in`. */
export function storeToken(token: TokenResponse, now: number = Date.now()): void {
  setAuthState({ token: { ...token, expires_at: now + token.expires_in * 1000 } });
}

export function clearAuth(): void {
  state = { ...emptyState, updatedAt: Date.now() };
  persist();
  for (const listener of listeners) listener();
}

/** Re-reads local storage: another tab signed in or out. */
export function reloadAuthFromStorage(): void {
  state = readStorage();
  for (const listener of listeners) listener();
}

export function useAuth(): AuthState {
  return useSyncExternalStore(subscribeAuth, getAuthState, getAuthState);
}

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === AUTH_STORAGE_KEY) reloadAuthFromStorage();
  });
}
