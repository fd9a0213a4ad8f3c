import { describe, expect, it } from 'vitest';
import { appWithUser } from '../../../test/app.ts';

const { ctx, user } = await appWithUser();

describe('banks', () => {
  it('lists the seeded banks with COMPE codes, "Other" last', async () => {
    const res = await user.request({ method: 'GET', url: '/api/v1/bank' });
    expect(res.statusCode).toBe(200);
    const banks = res.json().data as Array<{ id: number; code: string | null; name: string }>;
    expect(banks[0]).toEqual({ id: 1, code: '001', name: 'Banco do Brasil' });
    expect(banks.find((b) => b.code === '260')?.name).toBe('Nubank');
    expect(banks.at(-1)).toMatchObject({ code: null, name: 'Other' });
  });

  it('searches by name (case-insensitive) or by code; wildcards are literal', async () => {
    const search = async (q: string) =>
      (await user.request({ method: 'GET', url: `/api/v1/bank?search=${encodeURIComponent(q)}` })).json()
        .data;
    expect((await search('NUBANK')).map((b: { name: string }) => b.name)).toEqual(['Nubank']);
    expect((await search('341')).map((b: { name: string }) => b.name)).toEqual(['Itaú Unibanco']);
    // Issue 13 #10: accents do not matter.
    expect((await search('itau')).map((b: { name: string }) => b.name)).toEqual(['Itaú Unibanco']);
    expect(await search('%')).toEqual([]);
    expect(await search('_')).toEqual([]);
  });

  it('GET /bank/{id}: the bank, 404 when missing, 422 for a bad id', async () => {
    expect((await user.request({ method: 'GET', url: '/api/v1/bank/6' })).json()).toEqual({
      id: 6,
      code: '260',
      name: 'Nubank',
    });
    expect((await user.request({ method: 'GET', url: '/api/v1/bank/99999' })).statusCode).toBe(404);
    expect((await user.request({ method: 'GET', url: '/api/v1/bank/0' })).statusCode).toBe(422);
    expect((await user.request({ method: 'GET', url: '/api/v1/bank/abc' })).statusCode).toBe(422);
  });

  it('requires a signed-in user', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/bank' })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/bank/1' })).statusCode).toBe(401);
  });
});
