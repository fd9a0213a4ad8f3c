import type { TokenResponse } from '@centavo/shared';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest, refreshToken, SUBMISSION_WINDOW_MS, submissionKey } from './api-client.ts';
import { clearAuth, getAuthState, setAuthState, storeToken } from './auth-store.ts';
import { i18n, initI18n } from './i18n.ts';
import { registerRouterNavigate } from './navigation.ts';

const token: TokenResponse = {
  access_token: 'access-1',
  expires_in: 900,
  refresh_token: 'refresh-1',
  token_type: 'Bearer',
  stripe_customer_id: null,
};

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

describe('api client (spec §4, §7)', () => {
  const routerNavigate = vi.fn();
  beforeAll(async () => {
    await initI18n('en');
  });
  beforeEach(() => {
    clearAuth();
    storeToken(token);
    setAuthState({ isAuthenticated: true });
    registerRouterNavigate(routerNavigate);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    routerNavigate.mockReset();
    registerRouterNavigate(null);
  });

  it('sends JSON with the bearer token under /api/v1, once (no retries)', async () => {
    const fetchMock = vi.fn(async () => json(200, { ok: true }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(apiRequest('/user/me', { query: { page: 2, empty: '' } })).resolves.toEqual({ ok: true });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/v1/user/me?page=2');
    expect((init.headers as Record<string, string>).authorization).toBe('Bearer access-1');
  });

  it('asks for answers in the interface language (the <html lang> the translator sets)', async () => {
    const fetchMock = vi.fn(async () => json(200, {}));
    vi.stubGlobal('fetch', fetchMock);
    const before = document.documentElement.lang;
    try {
      document.documentElement.lang = 'pt-BR';
      await apiRequest('/auth/forgot-password', { method: 'POST', body: {}, auth: false });
      document.documentElement.lang = 'en';
      await apiRequest('/user/me');
      const sent = fetchMock.mock.calls.map(
        (call) =>
          ((call as unknown as [string, RequestInit])[1].headers as Record<string, string>)[
            'accept-language'
          ],
      );
      expect(sent).toEqual(['pt-BR', 'en']);
    } finally {
      document.documentElement.lang = before;
    }
  });

  it('turns error bodies into a typed ApiError', async () => {
    vi.stubGlobal('fetch', async () =>
      json(422, { message: 'Invalid', code: 'VALIDATION_ERROR', errors: { email: ['is taken'] } }),
    );
    const error = await apiRequest('/user', { method: 'PUT', body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 422,
      code: 'VALIDATION_ERROR',
      message: 'Invalid',
      key: undefined,
      params: {},
      errors: { email: ['is taken'] },
    });
  });

  it("keeps the message's key and parameters, with the api catalogue loaded to translate them", async () => {
    expect(i18n.hasLoadedNamespace('api')).toBe(false);
    vi.stubGlobal('fetch', async () =>
      json(409, {
        message: 'The account has 12 entries; pass delete_entries=true to delete them too',
        code: 'CONFLICT',
        key: 'accountHasEntries',
        params: { count: 12 },
      }),
    );
    const error = await apiRequest('/account/1', { method: 'DELETE' }).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 409, key: 'accountHasEntries', params: { count: 12 } });
    expect(i18n.hasLoadedNamespace('api')).toBe(true);
  });

  it('signs out and goes to the login page on a 401', async () => {
    vi.stubGlobal('fetch', async () => json(401, { message: 'Unauthenticated', code: 'UNAUTHENTICATED' }));
    await expect(apiRequest('/user/me')).rejects.toBeInstanceOf(ApiError);
    expect(getAuthState().isAuthenticated).toBe(false);
    expect(getAuthState().token).toBeNull();
    expect(routerNavigate).toHaveBeenCalledWith('/auth/login', { replace: true });
  });

  it('does not sign out on a failed public call (wrong password)', async () => {
    clearAuth();
    vi.stubGlobal('fetch', async () =>
      json(401, { message: 'Invalid credentials', code: 'INVALID_CREDENTIALS' }),
    );
    await expect(apiRequest('/auth/login', { method: 'POST', body: {}, auth: false })).rejects.toMatchObject({
      code: 'INVALID_CREDENTIALS',
    });
    expect(routerNavigate).not.toHaveBeenCalled();
  });

  it('stays on the page when a change is refused because the plan has ended (issue 23 #7)', async () => {
    vi.stubGlobal('fetch', async () =>
      json(403, { message: 'User without a valid Subscription', code: 'SUBSCRIPTION_REQUIRED' }),
    );
    await expect(apiRequest('/entry', { method: 'POST', body: {} })).rejects.toMatchObject({
      code: 'SUBSCRIPTION_REQUIRED',
    });
    await expect(apiRequest('/budget/1', { method: 'PATCH', body: {} })).rejects.toBeInstanceOf(ApiError);
    expect(getAuthState().redirecting).toBe(false);
    expect(routerNavigate).not.toHaveBeenCalled();
  });

  it('goes to the upgrade page on "User without a valid Subscription"', async () => {
    vi.stubGlobal('fetch', async () =>
      json(403, { message: 'User without a valid Subscription', code: 'SUBSCRIPTION_REQUIRED' }),
    );
    await expect(apiRequest('/entry')).rejects.toBeInstanceOf(ApiError);
    expect(getAuthState().redirecting).toBe(true);
    expect(routerNavigate).toHaveBeenCalledWith('/configs/my-plan/upgrade', { replace: true });
  });

  it('refreshes a token about to expire first, with one request for concurrent callers', async () => {
    setAuthState({ token: { ...token, expires_at: Date.now() + 10_000 } });
    const fetchMock = vi.fn(async (url: string) =>
      url.endsWith('/auth/refresh')
        ? json(200, { ...token, access_token: 'access-2', refresh_token: 'refresh-2' })
        : json(200, { ok: true }),
    );
    vi.stubGlobal('fetch', fetchMock);
    await Promise.all([apiRequest('/a'), apiRequest('/b'), refreshToken()]);
    const refreshCalls = fetchMock.mock.calls.filter(([url]) => url.endsWith('/auth/refresh'));
    expect(refreshCalls).toHaveLength(1);
    expect(JSON.parse(String((refreshCalls[0] as unknown as [string, RequestInit])[1].body))).toEqual({
      refresh_token: 'refresh-1',
    });
    const dataCall = fetchMock.mock.calls.find(([url]) => url.endsWith('/a')) as unknown as [
      string,
      RequestInit,
    ];
    expect((dataCall[1].headers as Record<string, string>).authorization).toBe('Bearer access-2');
    expect(getAuthState().token?.refresh_token).toBe('refresh-2');
  });

  it('sends one Idempotency-Key per submission to the idempotent writes; a double click reuses it', async () => {
    const fetchMock = vi.fn(async () => json(201, { id: 1 }));
    vi.stubGlobal('fetch', fetchMock);
    const body = { description: 'Lunch', value: 1234 };
    await apiRequest('/entry', { method: 'POST', body });
    await apiRequest('/entry', { method: 'POST', body });
    await apiRequest('/entry', { method: 'POST', body: { ...body, value: 99 } });
    await apiRequest('/account', { method: 'POST', body });
    const keys = fetchMock.mock.calls.map(
      (call) =>
        ((call as unknown as [string, RequestInit])[1].headers as Record<string, string>)['idempotency-key'],
    );
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
    expect(keys[3]).toBeUndefined();
  });

  it('a submission after the window is a new one; the pay and replicate writes get keys too', () => {
    const now = 1_000_000;
    const first = submissionKey('/invoice/7/paid', { paid: true }, now);
    expect(submissionKey('/invoice/7/paid', { paid: true }, now + 1000)).toBe(first);
    expect(submissionKey('/invoice/7/paid', { paid: true }, now + SUBMISSION_WINDOW_MS + 2000)).not.toBe(
      first,
    );
    expect(submissionKey('/budget/replicate', { month: '2026-01' }, now)).toBeDefined();
    expect(submissionKey('/entry/5', {}, now)).toBeUndefined();
  });
});
