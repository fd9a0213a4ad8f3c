import type { ErrorCode, FieldErrors, TokenResponse } from '@centavo/shared';
import { SUBSCRIPTION_REQUIRED_MESSAGE } from '@centavo/shared/errors';
import { paths } from '../app/paths.ts';
import { clearAuth, getAuthState, setAuthState, storeToken } from './auth-store.ts';
import { i18n } from './i18n.ts';
import { navigate } from './navigation.ts';

export const API_BASE = '/api/v1';

/** Values of an error message's placeholders, e.g. `{ count: 12 }` for `accountHasEntries`. */
export type ErrorParams = Record<string, string | number>;

/** The API's error body (DESIGN §2): `key` is the message's key in the `api` catalogue, under `messages`. */
export interface ErrorBody {
  message: string;
  code: ErrorCode | 'NETWORK_ERROR';
  key?: string | undefined;
  params?: ErrorParams | undefined;
  errors?: FieldErrors | undefined;
}

/** Every failed call becomes one of these: the error body plus the HTTP status. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode | 'NETWORK_ERROR';
  readonly key: string | undefined;
  readonly params: ErrorParams;
  readonly errors: FieldErrors;

  constructor(status: number, { message, code, key, params = {}, errors = {} }: ErrorBody) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.key = key;
    this.params = params;
    this.errors = errors;
  }
}

/** The network failed (offline, DNS, connection reset): no answer at all. */
export function networkError(): ApiError {
  return new ApiError(0, { message: 'Network error', code: 'NETWORK_ERROR' });
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

type Query = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Query;
  /** false for the public auth calls: no bearer header, and a 401 is a plain error, not a sign-out. */
  auth?: boolean;
  signal?: AbortSignal;
  /** Extra headers (an Idempotency-Key). */
  headers?: Record<string, string>;
}

/** Refresh this long before the access token runs out. */
export const REFRESH_MARGIN_MS = 60_000;

let refreshInFlight: Promise<boolean> | null = null;

/** Swaps the refresh token for a new token pair; concurrent callers share one request (single-flight). */
export function refreshToken(): Promise<boolean> {
  if (refreshInFlight) return refreshInFlight;
  const token = getAuthState().token;
  if (!token) return Promise.resolve(false);
  refreshInFlight = (async () => {
    try {
      const response = await fetch(`${API_BASE}/auth/refresh`, {
        method: 'POST',
        headers: languageHeader({ 'content-type': 'application/json', accept: 'application/json' }),
        body: JSON.stringify({ refresh_token: token.refresh_token }),
      });
      if (!response.ok) return false;
      storeToken((await response.json()) as TokenResponse);
      return true;
    } catch {
      return false;
    } finally {
      refreshInFlight = null;
    }
  })();
  return refreshInFlight;
}

/**
 * The interface language (set on <html> by lib/i18n.ts), so the server answers in it where it has no
 * signed-in user's language to go by: the auth pages' messages and errors (docs/decisions/errors.md).
 */
function languageHeader(headers: Record<string, string>): Record<string, string> {
  const lang = globalThis.document?.documentElement.lang;
  if (lang) headers['accept-language'] = lang;
  return headers;
}

function buildUrl(path: string, query?: Query): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const qs = params.toString();
  return `${API_BASE}${path}${qs ? `?${qs}` : ''}`;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The ApiError of a failed response. When the body names its message's key, the `api` catalogue is loaded
 * before the error reaches the page, so lib/error-message.ts can show the message in the interface
 * language (it falls back to the server's text if the catalogue cannot be loaded).
 */
export async function errorFromResponse(response: Response, data: unknown): Promise<ApiError> {
  const body = isObject(data) && typeof data.message === 'string' ? data : {};
  const error = new ApiError(response.status, {
    message: typeof body.message === 'string' ? body.message : response.statusText,
    code: typeof body.code === 'string' ? (body.code as ErrorCode) : 'INTERNAL_ERROR',
    key: typeof body.key === 'string' ? body.key : undefined,
    params: isObject(body.params) ? (body.params as ErrorParams) : undefined,
    errors: isObject(body.errors) ? (body.errors as FieldErrors) : undefined,
  });
  if (error.key && i18n.isInitialized) await i18n.loadNamespaces('api').catch(() => {});
  return error;
}

/** Signs out locally and goes to the login page (spec §4: any 401). */
export function handleUnauthenticated(): void {
  clearAuth();
  if (globalThis.location?.pathname !== paths.auth.login) navigate(paths.auth.login, { replace: true });
}

/** The writes the API makes idempotent with an Idempotency-Key (docs/decisions/concurrency.md). */
const IDEMPOTENT_WRITES = [/^\/entry$/, /^\/invoice\/\d+\/paid$/, /^\/budget\/replicate$/];
/** How long the same submission (same path and body) keeps its key: a double click, a quick retry. */
export const SUBMISSION_WINDOW_MS = 15_000;
const submissions = new Map<string, { key: string; at: number }>();

/**
 * The Idempotency-Key of a form submission: one new key per submission, and the same key when the same
 * content is sent again to the same write within SUBMISSION_WINDOW_MS (a double click, a retry after a lost
 * answer), so the server records it once and answers the first answer.
 */
export function submissionKey(path: string, body: unknown, now = Date.now()): string | undefined {
  if (!IDEMPOTENT_WRITES.some((pattern) => pattern.test(path))) return undefined;
  for (const [id, entry] of submissions) if (now - entry.at > SUBMISSION_WINDOW_MS) submissions.delete(id);
  const id = `${path}\n${JSON.stringify(body ?? null)}`;
  const known = submissions.get(id);
  if (known) return known.key;
  const key = globalThis.crypto.randomUUID();
  submissions.set(id, { key, at: now });
  return key;
}

/** JSON fetch wrapper: bearer header, no retries, typed errors, 401/403 handling of spec §4. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', body, query, auth = true, signal } = options;
  // A FormData body (a file upload) goes as it is: the browser writes its multipart content type.
  const form = typeof FormData !== 'undefined' && body instanceof FormData;
  if (auth) {
    const token = getAuthState().token;
    if (token && token.expires_at - Date.now() < REFRESH_MARGIN_MS) await refreshToken();
  }
  const headers = languageHeader({ accept: 'application/json', ...options.headers });
  if (body !== undefined && !form) headers['content-type'] = 'application/json';
  if (method === 'POST' && !form && headers['idempotency-key'] === undefined) {
    const key = submissionKey(path, body);
    if (key) headers['idempotency-key'] = key;
  }
  const token = auth ? getAuthState().token : null;
  if (token) headers.authorization = `Bearer ${token.access_token}`;

  let response: Response;
  try {
    response = await fetch(buildUrl(path, query), {
      method,
      headers,
      body: body === undefined ? undefined : form ? (body as FormData) : JSON.stringify(body),
      signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw networkError();
  }

  if (response.status === 204) return undefined as T;
  const text = await response.text();
  let data: unknown = null;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = null;
    }
  }
  if (response.ok) return data as T;

  const error = await errorFromResponse(response, data);
  if (response.status === 401 && token) handleUnauthenticated();
  // A read that needs a plan goes to the upgrade page; a refused change does not (issue 23 #7): the page that
  // tried it says the plan has ended, in place, and keeps what was typed (lib/plan-ended.tsx).
  const read = method === 'GET';
  if (response.status === 403 && error.message === SUBSCRIPTION_REQUIRED_MESSAGE && read) {
    setAuthState({ redirecting: true });
    navigate(paths.configs.upgrade, { replace: true });
  }
  throw error;
}
