import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/app.ts';
import { migrateToLatest } from '../../db/migrate.ts';

describe('reference data and server basics', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(async () => ctx.close());

  it('seeds the contract ids: BRL = 4, Brazil = 32, languages 1/2', async () => {
    const currencies = (await ctx.app.inject({ url: '/api/v1/currency' })).json().data;
    expect(currencies.find((c: { id: number }) => c.id === 4)).toMatchObject({ code: 'BRL', decimals: 2 });
    const countries = (await ctx.app.inject({ url: '/api/v1/country' })).json().data;
    expect(countries[0]).toMatchObject({ id: 1, name: 'Afghanistan' });
    expect(countries[1]).toMatchObject({ id: 2, name: 'Åland Islands' });
    expect(countries.find((c: { id: number }) => c.id === 32)).toMatchObject({ code: 'BR', name: 'Brazil' });
    const languages = (await ctx.app.inject({ url: '/api/v1/language' })).json().data;
    expect(languages).toEqual([
      { id: 1, code: 'en', name: 'English' },
      { id: 2, code: 'br', name: 'Português do Brasil' },
    ]);
  });

  it('seeds category 1 = Transfers with subcategory 27 = Internal transfer', async () => {
    const cat = await ctx.database.db
      .selectFrom('categories')
      .selectAll()
      .where('id', '=', 1)
      .executeTakeFirstOrThrow();
    expect(cat).toMatchObject({
      name: 'Transfers',
      name_br: 'Transferências',
      type: 'transfer',
      user_id: null,
    });
    const sub = await ctx.database.db
      .selectFrom('subcategories')
      .selectAll()
      .where('id', '=', 27)
      .executeTakeFirstOrThrow();
    expect(sub).toMatchObject({ category_id: 1, name: 'Internal transfer' });
  });

  it('re-running migrations is a no-op', async () => {
    const before = await ctx.database.db
      .selectFrom('countries')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    await migrateToLatest(ctx.database.db, ctx.database.kind);
    const after = await ctx.database.db
      .selectFrom('countries')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('health reports status, version and database kind', async () => {
    const res = await ctx.app.inject({ url: '/api/v1/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', version: expect.any(String), database: ctx.database.kind });
  });

  it('publishes the public config, with the register thank-you page when set and no secret', async () => {
    const res = await ctx.app.inject({ url: '/api/v1/config' });
    expect(res.json()).toEqual({ app_name: 'Centavo', billing_enabled: false, register_thank_you_url: null });
    const other = await createTestApp({
      REGISTER_THANK_YOU_URL: 'https://centavo.example/thanks',
      STRIPE_SECRET_KEY: 'sk_test_secret_value',
    });
    try {
      const body = (await other.app.inject({ url: '/api/v1/config' })).body;
      expect(JSON.parse(body)).toEqual({
        app_name: 'Centavo',
        billing_enabled: true,
        register_thank_you_url: 'https://centavo.example/thanks',
      });
      expect(body).not.toContain('sk_test');
    } finally {
      await other.close();
    }
  });

  it('unknown API paths are JSON 404s with no-store and security headers', async () => {
    const res = await ctx.app.inject({ url: '/api/v1/does-not-exist' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('sends no CORS headers to foreign origins', async () => {
    const res = await ctx.app.inject({ url: '/api/v1/health', headers: { origin: 'https://evil.example' } });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('serves the OpenAPI document', async () => {
    const res = await ctx.app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(res.json().paths['/api/v1/health'].get.operationId).toBe('getHealth');
  });
});
