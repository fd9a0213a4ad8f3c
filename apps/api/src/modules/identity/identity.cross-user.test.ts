import type { TokenResponse } from '@centavo/shared';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_URL, codeOf, createSocialApp, type SocialContext } from '../../../test/oidc/social-flow.ts';
import { SoftAuthenticator } from '../../../test/webauthn/authenticator.ts';
import { api, registerUser, uniqueEmail } from './identity.test-helpers.ts';

/**
 * QUALITY.md's cross-user matrix for the identity routes (the ledger's is ledger.cross-user.test.ts): user A's
 * token on user B's linked providers and passkeys answers 404 and changes nothing, and A's lists hold none of
 * B's. The coverage test reads the OpenAPI document and fails for an identity route taking an id that is not
 * here.
 */
const IDENTITY_TAGS = new Set(['auth', 'user', 'two-factor', 'sign-in methods']);

/** Ids that are global reference rows, not another user's. */
const GLOBAL: Record<string, string> = {
  'POST /api/v1/auth/register body:language_id': 'languages are global reference rows',
  'GET /api/v1/auth/oidc/{provider}/start query:language_id': 'languages are global reference rows',
  'PUT /api/v1/user/preferences body:language_id': 'languages are global reference rows',
  'PUT /api/v1/user/preferences body:currency_code_id': 'currencies are global reference rows',
  'PUT /api/v1/user/preferences body:country_id': 'countries are global reference rows',
};

interface Fixture {
  auth: { authorization: string };
  identity: number;
  passkey: number;
}

const MATRIX: Record<string, (b: Fixture) => InjectOptions> = {
  'DELETE /api/v1/user/identities/{id} path:id': (b) => ({
    method: 'DELETE',
    url: `/api/v1/user/identities/${b.identity}`,
  }),
  'DELETE /api/v1/user/passkeys/{id} path:id': (b) => ({
    method: 'DELETE',
    url: `/api/v1/user/passkeys/${b.passkey}`,
  }),
};

let ctx: SocialContext;
let a: Fixture;
let b: Fixture;

async function fixture(): Promise<Fixture> {
  const user = await registerUser(ctx);
  const link = await api(ctx, 'POST', '/user/identities', {
    headers: user.auth,
    payload: { provider: 'oidc', password: user.password },
  });
  const query = link.json().url.slice(link.json().url.indexOf('?'));
  await ctx.socialSignIn('oidc', { sub: `x-${user.email}`, email: uniqueEmail() }, { query });
  const options = await api(ctx, 'POST', '/user/passkeys/options', {
    headers: user.auth,
    payload: { password: user.password },
  });
  const response = new SoftAuthenticator(APP_URL).create(options.json().options);
  const passkey = await api(ctx, 'POST', '/user/passkeys', {
    headers: user.auth,
    payload: { name: user.email, response },
  });
  const identities = await api(ctx, 'GET', '/user/identities', { headers: user.auth });
  return { auth: user.auth, identity: identities.json().data[0].id, passkey: passkey.json().id };
}

async function snapshot(f: Fixture) {
  const [identities, passkeys] = await Promise.all([
    api(ctx, 'GET', '/user/identities', { headers: f.auth }),
    api(ctx, 'GET', '/user/passkeys', { headers: f.auth }),
  ]);
  return `${identities.body}${passkeys.body}`;
}

beforeAll(async () => {
  ctx = await createSocialApp();
  a = await fixture();
  b = await fixture();
});
afterAll(async () => ctx.close());

function idTakingOperations(doc: unknown): string[] {
  const keys: string[] = [];
  const paths = (doc as { paths: Record<string, Record<string, Record<string, unknown>>> }).paths;
  const isId = (name: string) => name === 'id' || name.endsWith('_id') || name.endsWith('_ids');
  for (const [path, operations] of Object.entries(paths)) {
    for (const [method, op] of Object.entries(operations)) {
      if (!((op.tags as string[] | undefined) ?? []).some((t) => IDENTITY_TAGS.has(t))) continue;
      const prefix = `${method.toUpperCase()} ${path}`;
      for (const p of (op.parameters as Array<{ in: string; name: string }> | undefined) ?? []) {
        if (isId(p.name)) keys.push(`${prefix} ${p.in}:${p.name}`);
      }
      const body = op.requestBody as
        | { content?: Record<string, { schema?: { properties?: object } }> }
        | undefined;
      for (const name of Object.keys(body?.content?.['application/json']?.schema?.properties ?? {})) {
        if (isId(name)) keys.push(`${prefix} body:${name}`);
      }
    }
  }
  return keys;
}

describe('cross-user access to sign-in methods (QUALITY.md)', () => {
  it('COVERAGE: every identity route taking an id is in the matrix (or a global reference id)', () => {
    const keys = idTakingOperations(ctx.app.swagger());
    expect(keys).toEqual(expect.arrayContaining(Object.keys(MATRIX)));
    const covered = new Set([...Object.keys(MATRIX), ...Object.keys(GLOBAL)]);
    expect(keys.filter((k) => !covered.has(k))).toEqual([]);
  });

  it("A's token on B's ids answers 404 and changes nothing of B's or A's", async () => {
    const beforeB = await snapshot(b);
    const beforeA = await snapshot(a);
    for (const [key, build] of Object.entries(MATRIX)) {
      const res = await ctx.app.inject({ ...build(b), headers: a.auth });
      expect(res.statusCode, `${key}: ${res.body}`).toBe(404);
    }
    expect(await snapshot(b)).toBe(beforeB);
    expect(await snapshot(a)).toBe(beforeA);
  });

  it("A's lists hold none of B's rows, and B's own token still removes them", async () => {
    const identities = (await api(ctx, 'GET', '/user/identities', { headers: a.auth })).json().data;
    const passkeys = (await api(ctx, 'GET', '/user/passkeys', { headers: a.auth })).json().data;
    expect(identities.map((r: { id: number }) => r.id)).toEqual([a.identity]);
    expect(passkeys.map((r: { id: number }) => r.id)).toEqual([a.passkey]);
    for (const build of Object.values(MATRIX)) {
      expect((await ctx.app.inject({ ...build(b), headers: b.auth })).statusCode).toBe(204);
    }
  });

  it("a social one-time code or mfa token of B's is not A's to use: they name no user in the request", async () => {
    const email = uniqueEmail('code');
    const code = codeOf(await ctx.socialSignIn('google', { sub: `c-${email}`, email, email_verified: true }));
    const res = await api(ctx, 'POST', '/auth/social/exchange', { payload: { code }, headers: a.auth });
    const me = await api(ctx, 'GET', '/user/me', {
      headers: { authorization: `Bearer ${(res.json() as TokenResponse).access_token}` },
    });
    // The code signs in its own user, whoever sends it: it is the credential, never combined with A's session.
    expect(me.json().email).toBe(email);
  });
});
