import { generateKeyPairSync } from 'node:crypto';
import type { SocialProvider } from '@centavo/shared';
import { expect } from 'vitest';
import { createTestApp, type TestContext } from '../app.ts';
import { startTestProvider, type TestIdentity, type TestProvider } from './provider.ts';

/**
 * An app with the three providers of DESIGN.md §5 pointed at one local test provider (provider.ts), and the
 * browser's part of a social sign-in: start, the provider's answer, the callback, the exchange.
 */
export const APP_URL = 'https://app.centavo.test';
export const CLIENTS = { google: 'centavo-google', apple: 'com.centavo.web', oidc: 'centavo-oidc' } as const;

export interface SocialContext extends TestContext {
  provider: TestProvider;
  /** Runs a whole social sign-in through the browser's steps; `next` decides who signs in at the provider. */
  socialSignIn(
    id: SocialProvider,
    next: TestIdentity | { deny: true },
    options?: FlowOptions,
  ): Promise<string>;
  close(): Promise<void>;
}

export interface FlowOptions {
  query?: string;
  /** Tamper with the provider's answer before it reaches the callback. */
  answer?: (fields: Record<string, string>) => Record<string, string>;
  cookie?: (cookie: string) => string;
}

export function appleKeys() {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  return {
    privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
}

export async function createSocialApp(
  env: Record<string, string> = {},
  clock?: () => number,
): Promise<SocialContext> {
  const apple = appleKeys();
  const callback = (id: string) => `${APP_URL}/api/v1/auth/oidc/${id}/callback`;
  const provider = await startTestProvider({
    clients: [
      { clientId: CLIENTS.google, secret: 'google-secret', redirectUris: [callback('google')] },
      { clientId: CLIENTS.oidc, secret: 'oidc-secret', redirectUris: [callback('oidc')] },
      {
        clientId: CLIENTS.apple,
        redirectUris: [callback('apple')],
        apple: { teamId: 'TEAM123456', keyId: 'KEY1234567', publicKeyPem: apple.publicKeyPem },
      },
    ],
  });
  const ctx = await createTestApp(
    {
      APP_URL,
      GOOGLE_CLIENT_ID: CLIENTS.google,
      GOOGLE_CLIENT_SECRET: 'google-secret',
      GOOGLE_ISSUER: provider.issuer,
      APPLE_CLIENT_ID: CLIENTS.apple,
      APPLE_TEAM_ID: 'TEAM123456',
      APPLE_KEY_ID: 'KEY1234567',
      APPLE_PRIVATE_KEY: apple.privateKeyPem.replace(/\n/g, '\\n'),
      APPLE_ISSUER: provider.issuer,
      OIDC_ISSUER: provider.issuer,
      OIDC_CLIENT_ID: CLIENTS.oidc,
      OIDC_CLIENT_SECRET: 'oidc-secret',
      OIDC_NAME: 'Authentik',
      ...env,
    },
    undefined,
    clock ? { clock } : {},
  );

  async function socialSignIn(
    id: SocialProvider,
    next: TestIdentity | { deny: true },
    options: FlowOptions = {},
  ) {
    const start = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/auth/oidc/${id}/start${options.query ?? ''}`,
    });
    expect(start.statusCode, start.body).toBe(302);
    const location = String(start.headers.location);
    if (!location.startsWith(provider.issuer)) return location;
    const cookie = String(start.headers['set-cookie']).split(';')[0] ?? '';
    provider.nextSignIn(CLIENTS[id], next);
    const answer = await fetch(location, { redirect: 'manual' });
    let fields: Record<string, string>;
    let method: 'GET' | 'POST' = 'GET';
    if (answer.status === 302) {
      fields = Object.fromEntries(new URL(String(answer.headers.get('location'))).searchParams);
    } else {
      // form_post: the provider's page posts hidden fields to the callback.
      const html = await answer.text();
      fields = Object.fromEntries(
        [...html.matchAll(/name="([^"]+)" value="([^"]*)"/g)].map((m) => [
          m[1] ?? '',
          decodeHtml(m[2] ?? ''),
        ]),
      );
      method = 'POST';
    }
    if (options.answer) fields = options.answer(fields);
    const sentCookie = options.cookie ? options.cookie(cookie) : cookie;
    const res = await ctx.app.inject({
      method,
      url: `/api/v1/auth/oidc/${id}/callback${method === 'GET' ? `?${new URLSearchParams(fields)}` : ''}`,
      headers: {
        ...(sentCookie ? { cookie: sentCookie } : {}),
        ...(method === 'POST' ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      ...(method === 'POST' ? { payload: new URLSearchParams(fields).toString() } : {}),
    });
    expect(res.statusCode, res.body).toBe(302);
    return String(res.headers.location);
  }

  return {
    ...ctx,
    provider,
    socialSignIn,
    async close() {
      await ctx.close();
      await provider.close();
    },
  };
}

function decodeHtml(text: string): string {
  return text.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)));
}

/** The one-time code of `…/auth/social-callback#code=…`. */
export function codeOf(location: string): string {
  const url = new URL(location);
  expect(url.pathname).toBe('/auth/social-callback');
  const code = new URLSearchParams(url.hash.slice(1)).get('code');
  if (!code) throw new Error(`no code in ${location}`);
  return code;
}

export function errorOf(location: string): string | null {
  return new URL(location).searchParams.get('error');
}
