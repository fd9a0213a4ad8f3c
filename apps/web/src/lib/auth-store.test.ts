import type { TokenResponse, User } from '@centavo/shared';
import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  AUTH_STORAGE_KEY,
  clearAuth,
  getAuthState,
  reloadAuthFromStorage,
  setAuthState,
  storeToken,
  useAuth,
} from './auth-store.ts';

const token: TokenResponse = {
  access_token: 'a',
  expires_in: 900,
  refresh_token: 'r',
  token_type: 'Bearer',
  stripe_customer_id: null,
};
const user: User = {
  id: 1,
  name: 'Ana',
  email: 'ana@example.com',
  email_verified_at: null,
  language_id: 1,
  currency_code_id: 4,
  country_id: 32,
  stripe_customer_id: null,
  created_at: '2026-11-21T00:00:00Z',
};

describe('auth store', () => {
  beforeEach(() => {
    localStorage.clear();
    clearAuth();
  });

  it('persists the spec fields in local storage', () => {
    storeToken(token, 1_000);
    setAuthState({ user, isAuthenticated: true });
    const saved = JSON.parse(localStorage.getItem(AUTH_STORAGE_KEY) ?? '{}');
    expect(Object.keys(saved).sort()).toEqual([
      'isAuthenticated',
      'isFetching',
      'token',
      'updatedAt',
      'user',
    ]);
    expect(saved.token.expires_at).toBe(1_000 + 900_000);
    expect(saved.user.email).toBe('ana@example.com');
    expect(saved.isAuthenticated).toBe(true);
  });

  it('restores from storage but never a stale isFetching', () => {
    localStorage.setItem(
      AUTH_STORAGE_KEY,
      JSON.stringify({ user, token, updatedAt: 5, isFetching: true, isAuthenticated: true }),
    );
    reloadAuthFromStorage();
    expect(getAuthState()).toMatchObject({ isAuthenticated: true, isFetching: false, redirecting: false });
  });

  it('ignores garbage in storage', () => {
    localStorage.setItem(AUTH_STORAGE_KEY, '{not json');
    reloadAuthFromStorage();
    expect(getAuthState().isAuthenticated).toBe(false);
  });

  it('clears the token and the authenticated flag on logout', () => {
    storeToken(token);
    setAuthState({ user, isAuthenticated: true });
    clearAuth();
    expect(getAuthState()).toMatchObject({ user: null, token: null, isAuthenticated: false });
  });

  it('re-renders subscribers', () => {
    const { result } = renderHook(() => useAuth());
    expect(result.current.isAuthenticated).toBe(false);
    act(() => setAuthState({ isAuthenticated: true, user }));
    expect(result.current.user?.name).toBe('Ana');
  });
});
