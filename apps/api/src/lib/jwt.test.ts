import { createHmac } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { AccessTokens } from './jwt.ts';

const SECRET = 'unit-secret-unit-secret-unit-secret-0123456789';
const tokens = new AccessTokens(SECRET);
const now = Math.floor(Date.now() / 1000);

const b64 = (value: unknown) =>
  Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');
const mac = (input: string, secret = SECRET) =>
  createHmac('sha256', secret).update(input).digest('base64url');
/** A token signed with our key, with any header and payload (even invalid ones). */
function forge(header: unknown, payload: unknown): string {
  const input = `${b64(header)}.${b64(payload)}`;
  return `${input}.${mac(input)}`;
}
const good = { typ: 'access', sub: '42', iss: 'centavo', iat: now - 10, exp: now + 600 };

describe('AccessTokens', () => {
  it('verifies its own tokens, and jose agrees they are valid HS256 JWTs', async () => {
    const token = await tokens.sign(42);
    expect(tokens.verifyClaims(token)).toEqual({ userId: 42, issuedAt: expect.any(Number) });
    expect(tokens.verify(token)).toBe(42);
    const { payload, protectedHeader } = await jwtVerify(token, new TextEncoder().encode(SECRET), {
      algorithms: ['HS256'],
      issuer: 'centavo',
    });
    expect(protectedHeader).toEqual({ alg: 'HS256' });
    expect(payload).toMatchObject({ typ: 'access', sub: '42', iss: 'centavo' });
  });

  it('accepts tokens signed by jose with the same key (tokens issued before the switch)', async () => {
    const token = await new SignJWT({ typ: 'access' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject('7')
      .setIssuer('centavo')
      .setIssuedAt()
      .setExpirationTime(now + 600)
      .sign(new TextEncoder().encode(SECRET));
    expect(tokens.verify(token)).toBe(7);
  });

  it('accepts a forged-shape token only when everything is right (control)', () => {
    expect(tokens.verify(forge({ alg: 'HS256' }, good))).toBe(42);
  });

  it('rejects malformed tokens', () => {
    const token = forge({ alg: 'HS256' }, good);
    const [h, p, s] = token.split('.') as [string, string, string];
    for (const bad of [
      '',
      'abc',
      `${h}.${p}`,
      `${h}.${p}.${s}.`,
      `${h}.${p}.${s}.${s}`,
      `.${p}.${s}`,
      `${h}..${s}`,
      `${h}.${p}.`,
      `${h}.${p}.${s}=`,
      `${h}.${p}.${s.slice(0, -1)}`,
      `${h}.${p}.${s}A`,
      `${h}.${p}.${s.slice(0, -1)}+`,
      `${h}.${p}+.${s}`,
      `${h}=.${p}.${s}`,
      ` ${token}`,
      `${token} `,
    ]) {
      expect(tokens.verifyClaims(bad), JSON.stringify(bad)).toBeNull();
    }
  });

  it('rejects payloads and headers that are not JSON objects, even when signed with our key', () => {
    for (const payload of ['not json', '[1,2]', 'null', '"access"', '42', '{"typ":"access"']) {
      expect(tokens.verifyClaims(forge({ alg: 'HS256' }, payload)), payload).toBeNull();
    }
    for (const header of ['not json', '[]', 'null', '{"alg":"HS256"']) {
      expect(tokens.verifyClaims(forge(header, good)), header).toBeNull();
    }
  });

  it('accepts only HS256, without critical extensions', () => {
    for (const header of [
      { alg: 'none' },
      { alg: 'hs256' },
      { alg: 'HS384' },
      { alg: 'HS512' },
      { alg: 'RS256' },
      { alg: ['HS256'] },
      {},
      { alg: 'HS256', crit: ['exp'] },
      { alg: 'HS256', crit: [] },
      { alg: 'HS256', b64: false },
      { alg: 'HS256', typ: 'at+jwt' },
    ]) {
      expect(tokens.verifyClaims(forge(header, good)), JSON.stringify(header)).toBeNull();
    }
    expect(tokens.verify(forge({ alg: 'HS256', typ: 'JWT' }, good))).toBe(42);
    expect(tokens.verify(forge({ typ: 'JWT', alg: 'HS256', kid: 'x' }, good))).toBe(42);
  });

  it('rejects alg none with an empty signature, other keys and tampered parts', async () => {
    expect(tokens.verifyClaims(`${b64({ alg: 'none' })}.${b64(good)}.`)).toBeNull();
    const other = await new AccessTokens('other-secret-other-secret-other-secret-0123').sign(42);
    expect(tokens.verifyClaims(other)).toBeNull();
    const [h, p, s] = (await tokens.sign(42)).split('.') as [string, string, string];
    expect(tokens.verifyClaims(`${h}.${b64({ ...good, sub: '43' })}.${s}`)).toBeNull();
    const flipped = `${s.slice(0, 10)}${s[10] === 'A' ? 'B' : 'A'}${s.slice(11)}`;
    expect(tokens.verifyClaims(`${h}.${p}.${flipped}`)).toBeNull();
  });

  it('checks every claim', () => {
    const cases: Record<string, unknown> = {
      expired: { ...good, exp: now - 1 },
      'expires now': { ...good, exp: now },
      'no exp': { ...good, exp: undefined },
      'exp as text': { ...good, exp: String(now + 600) },
      'not yet valid': { ...good, nbf: now + 60 },
      'nbf as text': { ...good, nbf: String(now) },
      'other issuer': { ...good, iss: 'someone-else' },
      'no issuer': { ...good, iss: undefined },
      refresh: { ...good, typ: 'refresh' },
      'no typ': { ...good, typ: undefined },
      'numeric sub': { ...good, sub: 42 },
      'negative sub': { ...good, sub: '-1' },
      'decimal sub': { ...good, sub: '4.2' },
      'huge sub': { ...good, sub: '99999999999999999999' },
      'empty sub': { ...good, sub: '' },
      'no iat': { ...good, iat: undefined },
      'iat as text': { ...good, iat: String(now) },
    };
    for (const [name, payload] of Object.entries(cases)) {
      expect(tokens.verifyClaims(forge({ alg: 'HS256' }, payload)), name).toBeNull();
    }
    expect(tokens.verifyClaims(forge({ alg: 'HS256' }, { ...good, nbf: now - 5 }))).toEqual({
      userId: 42,
      issuedAt: now - 10,
    });
  });

  it('honours its expiry exactly', async () => {
    const token = await tokens.sign(1, 60);
    const issued = tokens.verifyClaims(token)?.issuedAt ?? 0;
    expect(tokens.verifyClaims(token, issued + 59)).not.toBeNull();
    expect(tokens.verifyClaims(token, issued + 60)).toBeNull();
  });

  describe('tokens already verified (kept by their text)', () => {
    it('are still checked against the clock: expiry and not-before', () => {
      const token = forge({ alg: 'HS256' }, { ...good, nbf: now + 60, exp: now + 600 });
      expect(tokens.verifyClaims(token, now)).toBeNull();
      expect(tokens.verifyClaims(token, now + 60)).toEqual({ userId: 42, issuedAt: now - 10 });
      expect(tokens.verifyClaims(token, now)).toBeNull();
      expect(tokens.verifyClaims(token, now + 599)).not.toBeNull();
      expect(tokens.verifyClaims(token, now + 600)).toBeNull();
    });

    it('do not let an altered copy through', async () => {
      const token = await tokens.sign(42);
      expect(tokens.verify(token)).toBe(42);
      const [h, p, s] = token.split('.') as [string, string, string];
      const flipped = `${s.slice(0, 10)}${s[10] === 'A' ? 'B' : 'A'}${s.slice(11)}`;
      expect(tokens.verify(`${h}.${p}.${flipped}`)).toBeNull();
      expect(tokens.verify(`${h}.${b64({ ...good, sub: '43' })}.${s}`)).toBeNull();
      expect(tokens.verify(`${token} `)).toBeNull();
      expect(new AccessTokens('other-secret-other-secret-other-secret-0123').verify(token)).toBeNull();
    });

    it('hand out claims nobody can change for the next request', async () => {
      const token = await tokens.sign(42);
      const claims = tokens.verifyClaims(token) as { userId: number };
      expect(() => {
        claims.userId = 43;
      }).toThrow(TypeError);
      expect(tokens.verify(token)).toBe(42);
    });

    it('are bounded: more tokens than are kept all verify, the first ones again too', async () => {
      const many = new AccessTokens(SECRET);
      const signed = await Promise.all(Array.from({ length: 2500 }, (_, i) => many.sign(i + 1)));
      for (const [i, token] of signed.entries()) expect(many.verify(token)).toBe(i + 1);
      expect(many.verify(signed[0] as string)).toBe(1);
    });
  });
});
