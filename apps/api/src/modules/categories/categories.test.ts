import { describe, expect, it } from 'vitest';
import { appWithUser, createUser } from '../../../test/app.ts';
import { createAccount, createEntry, expense } from '../../../test/ledger/helpers.ts';

const { ctx, user } = await appWithUser();

interface Cat {
  id: number;
  name: string;
  type: string;
  system: boolean;
  subcategories: Array<{ id: number; name: string; category_id: number; system: boolean }>;
}

describe('categories', () => {
  it('lists system categories with subcategories in the user language, filtered by type', async () => {
    const all = (await user.request({ method: 'GET', url: '/api/v1/category' })).json().data as Cat[];
    expect(all[0]).toMatchObject({ id: 1, name: 'Transfers', type: 'transfer', system: true });
    expect(all[0]?.subcategories).toEqual([
      { id: 27, name: 'Internal transfer', category_id: 1, system: true },
    ]);
    const income = (await user.request({ method: 'GET', url: '/api/v1/category?type=income' })).json()
      .data as Cat[];
    expect(income.every((c) => c.type === 'income')).toBe(true);
    expect(income.find((c) => c.id === 14)?.name).toBe('Salary');
    const bare = (
      await user.request({ method: 'GET', url: '/api/v1/category?with_subcategories=false' })
    ).json().data as Cat[];
    expect(bare.every((c) => c.subcategories.length === 0)).toBe(true);
    const br = await createUser(ctx, 'Maria', 2);
    const brList = (await br.request({ method: 'GET', url: '/api/v1/category?type=transfer' })).json()
      .data as Cat[];
    expect(brList).toEqual([
      expect.objectContaining({
        name: 'Transferências',
        subcategories: [expect.objectContaining({ name: 'Transferência interna' })],
      }),
    ]);
    expect((await user.request({ method: 'GET', url: '/api/v1/category?type=other' })).statusCode).toBe(422);
  });

  it('system categories and subcategories are read-only (403)', async () => {
    expect(
      (await user.request({ method: 'PUT', url: '/api/v1/category/3', payload: { name: 'Mine' } }))
        .statusCode,
    ).toBe(403);
    expect(
      (await user.request({ method: 'DELETE', url: '/api/v1/category/3', payload: { category_id: 2 } }))
        .statusCode,
    ).toBe(403);
    expect(
      (await user.request({ method: 'PUT', url: '/api/v1/subcategory/5', payload: { name: 'Mine' } }))
        .statusCode,
    ).toBe(403);
    expect((await user.request({ method: 'DELETE', url: '/api/v1/subcategory/5' })).statusCode).toBe(403);
    expect(
      (
        await user.request({
          method: 'POST',
          url: '/api/v1/subcategory',
          payload: { category_id: 1, name: 'x' },
        })
      ).statusCode,
    ).toBe(403);
    const cat = (await user.request({ method: 'GET', url: '/api/v1/category/3' })).json();
    expect(cat.name).toBe('Food');
  });

  it('creates, updates and reads the user categories and subcategories', async () => {
    const res = await user.request({
      method: 'POST',
      url: '/api/v1/category',
      payload: {
        name: 'Hobbies',
        type: 'expense',
        color: '#123456',
        icon: 'palette',
        system: true,
        user_id: 1,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const cat = res.json();
    expect(cat).toMatchObject({
      name: 'Hobbies',
      type: 'expense',
      color: '#123456',
      icon: 'palette',
      system: false,
      subcategories: [],
    });
    const sub = await user.request({
      method: 'POST',
      url: '/api/v1/subcategory',
      payload: { category_id: cat.id, name: 'Painting' },
    });
    expect(sub.statusCode).toBe(201);
    expect(sub.json()).toMatchObject({ name: 'Painting', category_id: cat.id, system: false });
    const own = await user.request({
      method: 'POST',
      url: '/api/v1/subcategory',
      payload: { category_id: 3, name: 'Bakery' },
    });
    expect(own.statusCode).toBe(201);
    const subs = (await user.request({ method: 'GET', url: '/api/v1/subcategory/3' })).json().data;
    expect(subs.map((s: { name: string }) => s.name)).toContain('Bakery');
    expect(
      (
        await user.request({
          method: 'PUT',
          url: `/api/v1/subcategory/${sub.json().id}`,
          payload: { name: 'Drawing' },
        })
      ).json().name,
    ).toBe('Drawing');
    const updated = await user.request({
      method: 'PUT',
      url: `/api/v1/category/${cat.id}`,
      payload: { name: 'Crafts', type: 'income' },
    });
    expect(updated.json()).toMatchObject({ name: 'Crafts', type: 'income' });
    expect(
      (await user.request({ method: 'GET', url: `/api/v1/category/${cat.id}` })).json().subcategories,
    ).toHaveLength(1);
    const mine = (await user.request({ method: 'GET', url: '/api/v1/category?type=income' })).json().data;
    expect(mine.map((c: { id: number }) => c.id)).toContain(cat.id);
  });

  it('rejects bad input with 422', async () => {
    for (const payload of [
      {},
      { name: 'x' },
      { name: 'x', type: 'transfer' },
      { name: '', type: 'income' },
      { name: 'x', type: 'income', color: 'blue' },
    ]) {
      expect(
        (await user.request({ method: 'POST', url: '/api/v1/category', payload })).statusCode,
        JSON.stringify(payload),
      ).toBe(422);
    }
    expect(
      (await user.request({ method: 'POST', url: '/api/v1/subcategory', payload: { name: 'x' } })).statusCode,
    ).toBe(422);
    expect(
      (
        await user.request({
          method: 'POST',
          url: '/api/v1/subcategory',
          payload: { category_id: 99999, name: 'x' },
        })
      ).statusCode,
    ).toBe(404);
    expect((await user.request({ method: 'GET', url: '/api/v1/subcategory/99999' })).statusCode).toBe(404);
    expect((await user.request({ method: 'GET', url: '/api/v1/category/99999' })).statusCode).toBe(404);
  });

  it('DELETE moves entries to the replacement (same type), 409 without one while in use', async () => {
    const u = await createUser(ctx);
    const acc = await createAccount(u);
    const cat = (
      await u.request({
        method: 'POST',
        url: '/api/v1/category',
        payload: { name: 'My pets', type: 'expense' },
      })
    ).json();
    const sub = (
      await u.request({
        method: 'POST',
        url: '/api/v1/subcategory',
        payload: { category_id: cat.id, name: 'Vet' },
      })
    ).json();
    const entry = await createEntry(
      u,
      expense(acc, { category_id: cat.id, sub_category_id: sub.id, installments: 2 }),
    );
    const conflict = await u.request({ method: 'DELETE', url: `/api/v1/category/${cat.id}` });
    expect(conflict.statusCode).toBe(409);
    expect(
      (await u.request({ method: 'DELETE', url: `/api/v1/category/${cat.id}`, payload: { category_id: 14 } }))
        .statusCode,
    ).toBe(422);
    expect(
      (
        await u.request({
          method: 'DELETE',
          url: `/api/v1/category/${cat.id}`,
          payload: { category_id: 3, sub_category_id: 8 },
        })
      ).statusCode,
    ).toBe(422);
    expect(
      (
        await u.request({
          method: 'DELETE',
          url: `/api/v1/category/${cat.id}`,
          payload: { category_id: 99999 },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await u.request({ method: 'PUT', url: `/api/v1/category/${cat.id}`, payload: { type: 'income' } }))
        .statusCode,
    ).toBe(409);
    const ok = await u.request({
      method: 'DELETE',
      url: `/api/v1/category/${cat.id}`,
      payload: { category_id: 3, sub_category_id: 6 },
    });
    expect(ok.statusCode).toBe(204);
    expect((await u.request({ method: 'GET', url: `/api/v1/entry/${entry.id}` })).json()).toMatchObject({
      category_id: 3,
      sub_category_id: 6,
    });
    expect((await u.request({ method: 'GET', url: `/api/v1/category/${cat.id}` })).statusCode).toBe(404);
    const unused = (
      await u.request({
        method: 'POST',
        url: '/api/v1/category',
        payload: { name: 'Unused', type: 'income' },
      })
    ).json();
    expect((await u.request({ method: 'DELETE', url: `/api/v1/category/${unused.id}` })).statusCode).toBe(
      204,
    );
  });

  it('DELETE /subcategory moves its entries to the replacement subcategory or to none', async () => {
    const u = await createUser(ctx);
    const acc = await createAccount(u);
    const s1 = (
      await u.request({
        method: 'POST',
        url: '/api/v1/subcategory',
        payload: { category_id: 3, name: 'Bakery' },
      })
    ).json();
    const s2 = (
      await u.request({
        method: 'POST',
        url: '/api/v1/subcategory',
        payload: { category_id: 3, name: 'Butcher' },
      })
    ).json();
    const e = await createEntry(u, expense(acc, { sub_category_id: s1.id }));
    expect(
      (
        await u.request({
          method: 'DELETE',
          url: `/api/v1/subcategory/${s1.id}`,
          payload: { sub_category_id: 8 },
        })
      ).statusCode,
    ).toBe(422);
    expect(
      (
        await u.request({
          method: 'DELETE',
          url: `/api/v1/subcategory/${s1.id}`,
          payload: { sub_category_id: s2.id },
        })
      ).statusCode,
    ).toBe(204);
    expect((await u.request({ method: 'GET', url: `/api/v1/entry/${e.id}` })).json().sub_category_id).toBe(
      s2.id,
    );
    expect((await u.request({ method: 'DELETE', url: `/api/v1/subcategory/${s2.id}` })).statusCode).toBe(204);
    expect(
      (await u.request({ method: 'GET', url: `/api/v1/entry/${e.id}` })).json().sub_category_id,
    ).toBeNull();
  });
});

describe('one rule for names (issue 13 #17): unique per user and kind, ignoring case and accents', () => {
  it('refuses a second account, category of the same type or subcategory of the same category by the same name', async () => {
    const u = await createUser(ctx);
    const nubank = await createAccount(u, { name: 'Nubank' });
    for (const name of ['Nubank', 'nubank', ' NÚBANK ']) {
      const res = await u.request({ method: 'POST', url: '/api/v1/account', payload: { name } });
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json()).toMatchObject({
        key: 'accountNameTaken',
        message: 'An account with this name already exists',
        errors: { name: ['This name is already in use'] },
      });
    }
    const other = await createAccount(u, { name: 'Wallet' });
    const rename = await u.request({
      method: 'PUT',
      url: `/api/v1/account/${other}`,
      payload: { name: 'NUBANK' },
    });
    expect(rename.statusCode).toBe(409);
    // Renaming an account to its own name (another case) is fine.
    const same = await u.request({
      method: 'PUT',
      url: `/api/v1/account/${nubank}`,
      payload: { name: 'NuBank' },
    });
    expect(same.statusCode, same.body).toBe(200);
    // Another user may use the name.
    await createAccount(await createUser(ctx), { name: 'Nubank' });

    // The system "Food" is "Alimentação" in Português: both names are taken for expense categories.
    for (const name of ['alimentacao', 'FOOD']) {
      const res = await u.request({
        method: 'POST',
        url: '/api/v1/category',
        payload: { name, type: 'expense' },
      });
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().key).toBe('categoryNameTaken');
    }
    // The same name as income is another kind.
    const income = await u.request({
      method: 'POST',
      url: '/api/v1/category',
      payload: { name: 'Alimentação', type: 'income' },
    });
    expect(income.statusCode, income.body).toBe(201);
    const trip = (
      await u.request({ method: 'POST', url: '/api/v1/category', payload: { name: 'Trip', type: 'expense' } })
    ).json();
    const hotel = await u.request({
      method: 'POST',
      url: '/api/v1/subcategory',
      payload: { category_id: trip.id, name: 'Hotel' },
    });
    expect(hotel.statusCode).toBe(201);
    const again = await u.request({
      method: 'POST',
      url: '/api/v1/subcategory',
      payload: { category_id: trip.id, name: 'hotel' },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().key).toBe('subcategoryNameTaken');
    const br = await u.request({
      method: 'POST',
      url: '/api/v1/account',
      payload: { name: 'nubank' },
      headers: { 'accept-language': 'pt-BR' },
    });
    expect(br.statusCode).toBe(409);
  });
});
