import type { TokenResponse } from '@centavo/shared';
import type { LightMyRequestResponse } from 'fastify';
import { SignJWT } from 'jose';
import { expect } from 'vitest';
import type { TestContext } from '../../../test/app.ts';

let counter = 0;

/** A unique address per call; tests in parallel files never collide, also on a shared Redis. */
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}${counter}.${process.pid}.${Date.now().toString(36)}@example.com`;
}

export const PASSWORD = 'correct horse battery';

export interface Registered {
  id: number;
  email: string;
  password: string;
  tokens: TokenResponse;
  auth: { authorization: string };
}

export async function registerUser(
  ctx: TestContext,
  options: { email?: string; name?: string; password?: string; languageId?: number } = {},
): Promise<Registered> {
  const email = options.email ?? uniqueEmail();
  const password = options.password ?? PASSWORD;
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/auth/register',
    payload: {
      name: options.name ?? 'Ana Souza',
      email,
      password,
      password_confirmation: password,
      ...(options.languageId ? { language_id: options.languageId } : {}),
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  const tokens = res.json() as TokenResponse;
  const row = await ctx.database.db
    .selectFrom('users')
    .select('id')
    .where('email_normalized', '=', email.toLowerCase())
    .executeTakeFirstOrThrow();
  return { id: row.id, email, password, tokens, auth: { authorization: `Bearer ${tokens.access_token}` } };
}

export function api(
  ctx: TestContext,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  options: { payload?: unknown; headers?: Record<string, string>; remoteAddress?: string } = {},
): Promise<LightMyRequestResponse> {
  return ctx.app.inject({
    method,
    url: `/api/v1${url}`,
    ...(options.payload !== undefined ? { payload: options.payload as object } : {}),
    headers: options.headers ?? {},
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
  });
}

/** The token in a link of a mail ("…?token=XYZ"). */
export function tokenFromLink(link: string | undefined): string {
  const token = link ? new URL(link).searchParams.get('token') : null;
  if (!token) throw new Error(`no token in ${link}`);
  return token;
}

export async function countRows(
  ctx: TestContext,
  table: 'users' | 'account_logs' | 'refresh_tokens' | 'email_tokens',
) {
  const row = await ctx.database.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function logEvents(ctx: TestContext, userId: number): Promise<string[]> {
  const rows = await ctx.database.db
    .selectFrom('account_logs')
    .select('event')
    .where('user_id', '=', userId)
    .orderBy('id', 'asc')
    .execute();
  return rows.map((r) => r.event);
}

/** A genuine access token of `userId`, issued `secondsAgo` earlier (a session that predates a change). */
export async function olderAccessToken(
  ctx: TestContext,
  userId: number,
  secondsAgo: number,
): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ typ: 'access' })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(userId))
    .setIssuer('centavo')
    .setIssuedAt(now - secondsAgo)
    .setExpirationTime(now + 600)
    .sign(new TextEncoder().encode(ctx.config.jwtSecret));
}
