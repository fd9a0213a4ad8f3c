import type { TokenResponse } from '@centavo/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_URL, codeOf, createSocialApp, type SocialContext } from '../../../../test/oidc/social-flow.ts';
import { SoftAuthenticator } from '../../../../test/webauthn/authenticator.ts';
import { api, logEvents, registerUser, uniqueEmail } from '../identity.test-helpers.ts';
import { totpCode } from '../mfa/totp.ts';

/** Passkeys through the API with a software authenticator (the browser test uses Chromium's virtual one). */
let ctx: SocialContext;
beforeAll(async () => {
  ctx = await createSocialApp();
});
afterAll(async () => ctx.close());

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function addPasskey(
  auth: { authorization: string },
  authenticator: SoftAuthenticator,
  password: string | undefined,
  name = 'Laptop',
) {
  const options = await api(ctx, 'POST', '/user/passkeys/options', {
    headers: auth,
    payload: password === undefined ? {} : { password },
  });
  expect(options.statusCode, options.body).toBe(200);
  const response = authenticator.create(options.json().options);
  return {
    options: options.json().options,
    response,
    res: await api(ctx, 'POST', '/user/passkeys', { headers: auth, payload: { name, response } }),
  };
}

async function passkeySignIn(authenticator: SoftAuthenticator, which = 0) {
  const options = await api(ctx, 'POST', '/auth/passkey/options');
  expect(options.statusCode).toBe(200);
  const response = authenticator.get(options.json().options, which);
  return { response, res: await api(ctx, 'POST', '/auth/passkey', { payload: { response } }) };
}

describe('passkeys', () => {
  it('are registered from the profile (password asked again), named, listed, and refuse a replayed challenge', async () => {
    const user = await registerUser(ctx);
    const authenticator = new SoftAuthenticator(APP_URL);
    const wrong = await api(ctx, 'POST', '/user/passkeys/options', {
      headers: user.auth,
      payload: { password: 'nope-nope' },
    });
    expect(wrong.statusCode).toBe(422);
    const first = await addPasskey(user.auth, authenticator, user.password);
    expect(first.options).toMatchObject({
      rp: { id: 'app.centavo.test', name: 'Centavo' },
      user: { name: user.email },
      attestation: 'none',
      authenticatorSelection: { residentKey: 'required' },
    });
    expect(first.res.statusCode, first.res.body).toBe(201);
    expect(first.res.json()).toMatchObject({ name: 'Laptop', last_used_at: null, backed_up: false });
    // The same answer again: its challenge is spent.
    const replay = await api(ctx, 'POST', '/user/passkeys', {
      headers: user.auth,
      payload: { name: 'Again', response: first.response },
    });
    expect(replay.json()).toMatchObject({ key: 'passkeyInvalid' });

    const second = await addPasskey(user.auth, authenticator, user.password, 'Phone');
    expect(second.options.excludeCredentials).toEqual([expect.objectContaining({ id: first.response.id })]);
    const list = await api(ctx, 'GET', '/user/passkeys', { headers: user.auth });
    expect(list.json().data.map((p: { name: string }) => p.name)).toEqual(['Laptop', 'Phone']);
    expect(await logEvents(ctx, user.id)).toEqual(expect.arrayContaining(['passkey_added']));
  });

  it('refuse an answer made for another origin', async () => {
    const user = await registerUser(ctx);
    const options = await api(ctx, 'POST', '/user/passkeys/options', {
      headers: user.auth,
      payload: { password: user.password },
    });
    const response = new SoftAuthenticator('https://evil.example').create(options.json().options);
    const res = await api(ctx, 'POST', '/user/passkeys', {
      headers: user.auth,
      payload: { name: 'Evil', response },
    });
    expect(res.json()).toMatchObject({ key: 'passkeyInvalid' });
  });

  it('sign in without password or code, satisfying 2FA; an assertion works once', async () => {
    const user = await registerUser(ctx);
    const authenticator = new SoftAuthenticator(APP_URL);
    await addPasskey(user.auth, authenticator, user.password);
    // 2FA on: a password sign-in would ask for a code; a passkey does not.
    const setup = await api(ctx, 'POST', '/user/2fa/totp', {
      headers: user.auth,
      payload: { password: user.password },
    });
    await api(ctx, 'POST', '/user/2fa/totp/confirm', {
      headers: user.auth,
      payload: { code: totpCode(setup.json().secret, Date.now()) },
    });
    const { response, res } = await passkeySignIn(authenticator);
    expect(res.statusCode, res.body).toBe(200);
    const tokens = res.json() as TokenResponse;
    const me = await api(ctx, 'GET', '/user/me', { headers: bearer(tokens.access_token) });
    expect(me.json().id).toBe(user.id);
    expect((await api(ctx, 'POST', '/auth/passkey', { payload: { response } })).json()).toMatchObject({
      key: 'passkeyInvalid',
    });
    const list = await api(ctx, 'GET', '/user/passkeys', { headers: user.auth });
    expect(list.json().data[0].last_used_at).not.toBeNull();
    const row = await ctx.database.db
      .selectFrom('passkeys')
      .select('counter')
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.counter).toBe(1);
    const login = await ctx.database.db
      .selectFrom('account_logs')
      .select('details')
      .where('user_id', '=', user.id)
      .where('event', '=', 'login')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(login.details ?? '{}')).toEqual({ method: 'passkey' });
  });

  it('an unknown credential or a wrong signature is refused the same way', async () => {
    const stranger = new SoftAuthenticator(APP_URL);
    stranger.create({ rp: { id: 'app.centavo.test' }, user: { id: 'AAAA' }, challenge: 'x' });
    const unknown = await passkeySignIn(stranger);
    expect(unknown.res.statusCode).toBe(422);
    expect(unknown.res.json()).toMatchObject({ key: 'passkeyInvalid' });

    const user = await registerUser(ctx);
    const authenticator = new SoftAuthenticator(APP_URL);
    await addPasskey(user.auth, authenticator, user.password);
    const options = await api(ctx, 'POST', '/auth/passkey/options');
    const forged = authenticator.get(options.json().options);
    forged.response.signature = `${forged.response.signature.slice(0, -4)}AAAA`;
    expect((await api(ctx, 'POST', '/auth/passkey', { payload: { response: forged } })).json()).toMatchObject(
      {
        key: 'passkeyInvalid',
      },
    );
  });

  it('are removed, but never the last way to sign in', async () => {
    const email = uniqueEmail('passkey-only');
    const exchange = await api(ctx, 'POST', '/auth/social/exchange', {
      payload: {
        code: codeOf(await ctx.socialSignIn('oidc', { sub: `pk-${email}`, email, email_verified: true })),
      },
    });
    const auth = bearer((exchange.json() as TokenResponse).access_token);
    const authenticator = new SoftAuthenticator(APP_URL);
    // No password: the sign-in that just happened stands in for it.
    const added = await addPasskey(auth, authenticator, undefined);
    expect(added.res.statusCode, added.res.body).toBe(201);
    const identities = await api(ctx, 'GET', '/user/identities', { headers: auth });
    const identity = identities.json().data[0];
    expect(identity).toMatchObject({ provider: 'oidc', name: 'Authentik', email });
    // The provider goes (the passkey stays), then the passkey cannot.
    expect((await api(ctx, 'DELETE', `/user/identities/${identity.id}`, { headers: auth })).statusCode).toBe(
      204,
    );
    const last = await api(ctx, 'DELETE', `/user/passkeys/${added.res.json().id}`, { headers: auth });
    expect(last.statusCode).toBe(409);
    expect(last.json()).toMatchObject({ key: 'lastSignInMethod' });
    expect((await passkeySignIn(authenticator)).res.statusCode).toBe(200);

    // With a second passkey the first can go, and then no longer signs in.
    const second = await addPasskey(auth, authenticator, undefined, 'Phone');
    expect(
      (await api(ctx, 'DELETE', `/user/passkeys/${added.res.json().id}`, { headers: auth })).statusCode,
    ).toBe(204);
    expect((await passkeySignIn(authenticator, 0)).res.statusCode).toBe(422);
    expect((await passkeySignIn(authenticator, 1)).res.statusCode).toBe(200);
    expect(second.res.statusCode).toBe(201);
  });
});

describe('linking a provider from the profile', () => {
  it('asks for the password, goes through the provider, and lists the link', async () => {
    const user = await registerUser(ctx);
    const refused = await api(ctx, 'POST', '/user/identities', {
      headers: user.auth,
      payload: { provider: 'google', password: 'x' },
    });
    expect(refused.statusCode).toBe(422);
    const start = await api(ctx, 'POST', '/user/identities', {
      headers: user.auth,
      payload: { provider: 'google', password: user.password },
    });
    const { url } = start.json() as { url: string };
    expect(url).toMatch(/^\/api\/v1\/auth\/oidc\/google\/start\?link=/);
    // Another address at the provider, unverified even: linking from the profile needs neither.
    const location = await ctx.socialSignIn(
      'google',
      { sub: `link-${user.email}`, email: uniqueEmail('elsewhere') },
      {
        query: url.slice(url.indexOf('?')),
      },
    );
    expect(location).toBe(`${APP_URL}/profile?linked=google`);
    const list = await api(ctx, 'GET', '/user/identities', { headers: user.auth });
    expect(list.json().data).toEqual([expect.objectContaining({ provider: 'google', name: 'Google' })]);
    // The link token was spent.
    const again = await ctx.socialSignIn(
      'google',
      { sub: 'whoever' },
      { query: url.slice(url.indexOf('?')) },
    );
    expect(again).toBe(`${APP_URL}/profile?error=expired`);
    // Signing in with Google now opens this account.
    const res = await api(ctx, 'POST', '/auth/social/exchange', {
      payload: { code: codeOf(await ctx.socialSignIn('google', { sub: `link-${user.email}` })) },
    });
    const me = await api(ctx, 'GET', '/user/me', {
      headers: bearer((res.json() as TokenResponse).access_token),
    });
    expect(me.json().id).toBe(user.id);
    expect(await logEvents(ctx, user.id)).toContain('identity_linked');

    // An identity another account already has is refused; unlinking works while the password remains.
    const other = await registerUser(ctx);
    const otherStart = await api(ctx, 'POST', '/user/identities', {
      headers: other.auth,
      payload: { provider: 'google', password: other.password },
    });
    const taken = await ctx.socialSignIn(
      'google',
      { sub: `link-${user.email}` },
      {
        query: otherStart.json().url.slice(otherStart.json().url.indexOf('?')),
      },
    );
    expect(taken).toBe(`${APP_URL}/profile?error=identityTaken`);
    const id = list.json().data[0].id;
    expect((await api(ctx, 'DELETE', `/user/identities/${id}`, { headers: user.auth })).statusCode).toBe(204);
    expect(await logEvents(ctx, user.id)).toContain('identity_unlinked');
  });
});
