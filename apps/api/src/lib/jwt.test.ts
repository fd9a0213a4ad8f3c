import { createHmac } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
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
    const token = tokens.sign(42);
    expect(tokens.verifyClaims(token)).toEqual({ userId: 42, issuedAt: expect.any(Number), authTime: null });
    // A session's sign-in time rides along (issue 22: "a sign-in within the last 10 minutes").
    expect(tokens.verifyClaims(tokens.sign(42, 60, 1_700_000_000))?.authTime).toBe(1_700_000_000);
    const { payload, protectedHeader } = await jwtVerify(token, new TextEncoder().encode(SECRET), {
      algorithms: ['HS256'],
      issuer: 'centavo',
    });
    expect(protectedHeader).toEqual({ alg: 'HS256', typ: 'JWT' });
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
    expect(tokens.verifyClaims(token)?.userId).toBe(7);
  });

  it('accepts a forged-shape token only when everything is right (control)', () => {
    expect(tokens.verifyClaims(forge({ alg: 'HS256' }, good))?.userId).toBe(42);
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
      { alg: 'HS256', crit: ['b64'], b64: false },
    ]) {
      expect(tokens.verifyClaims(forge(header, good)), JSON.stringify(header)).toBeNull();
    }
    expect(tokens.verifyClaims(forge({ alg: 'HS256', typ: 'JWT' }, good))?.userId).toBe(42);
    expect(tokens.verifyClaims(forge({ typ: 'JWT', alg: 'HS256', kid: 'x' }, good))?.userId).toBe(42);
  });

  it('rejects alg none with an empty signature, other keys and tampered parts', () => {
    expect(tokens.verifyClaims(`${b64({ alg: 'none' })}.${b64(good)}.`)).toBeNull();
    const other = new AccessTokens('other-secret-other-secret-other-secret-0123').sign(42);
    expect(tokens.verifyClaims(other)).toBeNull();
    const [h, p, s] = tokens.sign(42).split('.') as [string, string, string];
    expect(tokens.verifyClaims(`${h}.${b64({ ...good, sub: '43' })}.${s}`)).toBeNull();
    const flipped = `${s.slice(0, 10)}${s[10] === 'A' ? 'B' : 'A'}${s.slice(11)}`;
    expect(tokens.verifyClaims(`${h}.${p}.${flipped}`)).toBeNull();
  });

  it('checks every claim', () => {
    const cases: Record<string, unknown> = {
      expired: { ...good, exp: now - 1 },
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
      authTime: null,
    });
  });

  describe('against the clock', () => {
    afterEach(() => {
      vi.useRealTimers();
    });
    const at = (seconds: number) => vi.setSystemTime(seconds * 1000);

    it('honours its expiry: valid through its last second, refused after it', () => {
      vi.useFakeTimers({ now: now * 1000 });
      const token = tokens.sign(1, 60);
      expect(tokens.verifyClaims(token)?.issuedAt).toBe(now);
      at(now + 59.999);
      expect(tokens.verifyClaims(token)).not.toBeNull();
      at(now + 60.001);
      expect(tokens.verifyClaims(token)).toBeNull();
    });

    it('checks the same token against the clock each time: not-before and expiry', () => {
      vi.useFakeTimers({ now: now * 1000 });
      const token = forge({ alg: 'HS256' }, { ...good, nbf: now + 60, exp: now + 600 });
      expect(tokens.verifyClaims(token)).toBeNull();
      at(now + 60);
      expect(tokens.verifyClaims(token)).toEqual({ userId: 42, issuedAt: now - 10, authTime: null });
      at(now);
      expect(tokens.verifyClaims(token)).toBeNull();
      at(now + 599);
      expect(tokens.verifyClaims(token)).not.toBeNull();
      at(now + 600.001);
      expect(tokens.verifyClaims(token)).toBeNull();
    });
  });

  it('does not let an altered copy of a token it verified through', () => {
    const token = tokens.sign(42);
    expect(tokens.verifyClaims(token)?.userId).toBe(42);
    const [h, p, s] = token.split('.') as [string, string, string];
    const flipped = `${s.slice(0, 10)}${s[10] === 'A' ? 'B' : 'A'}${s.slice(11)}`;
    expect(tokens.verifyClaims(`${h}.${p}.${flipped}`)).toBeNull();
    expect(tokens.verifyClaims(`${h}.${b64({ ...good, sub: '43' })}.${s}`)).toBeNull();
    expect(tokens.verifyClaims(`${token} `)).toBeNull();
    expect(new AccessTokens('other-secret-other-secret-other-secret-0123').verifyClaims(token)).toBeNull();
  });
});
