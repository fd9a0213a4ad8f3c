import { describe, expect, it } from 'vitest';
import { appWithUser, createUser } from '../../../test/app.ts';
import { createAccount, createEntry, expense } from '../../../test/ledger/helpers.ts';

const { ctx, user } = await appWithUser();

describe('tags', () => {
  it('creates, reads, renames, searches and deletes tags', async () => {
    const res = await user.request({ method: 'POST', url: '/api/v1/tag', payload: { name: ' Travel ' } });
    expect(res.statusCode).toBe(201);
    const tag = res.json();
    expect(tag).toEqual({ id: expect.any(Number), name: 'Travel' });
    expect((await user.request({ method: 'GET', url: `/api/v1/tag/${tag.id}` })).json()).toEqual(tag);
    const dup = await user.request({ method: 'POST', url: '/api/v1/tag', payload: { name: 'TRAVEL' } });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().errors).toEqual({ name: ['This name is already in use'] });
    const renamed = await user.request({
      method: 'PUT',
      url: `/api/v1/tag/${tag.id}`,
      payload: { name: 'Trips' },
    });
    expect(renamed.json()).toEqual({ id: tag.id, name: 'Trips' });
    await user.request({ method: 'POST', url: '/api/v1/tag', payload: { name: 'Work' } });
    const found = (await user.request({ method: 'GET', url: '/api/v1/tag?search=TRI' })).json().data;
    expect(found.map((t: { name: string }) => t.name)).toEqual(['Trips']);
    const other = (
      await user.request({ method: 'POST', url: '/api/v1/tag', payload: { name: 'Other' } })
    ).json();
    expect(
      (await user.request({ method: 'PUT', url: `/api/v1/tag/${other.id}`, payload: { name: 'work' } }))
        .statusCode,
    ).toBe(409);
    expect((await user.request({ method: 'DELETE', url: `/api/v1/tag/${tag.id}` })).statusCode).toBe(204);
    expect((await user.request({ method: 'GET', url: `/api/v1/tag/${tag.id}` })).statusCode).toBe(404);
  });

  it('POST /tag/tags returns existing and new tags, case-insensitive and idempotent', async () => {
    const u = await createUser(ctx);
    const existing = (
      await u.request({ method: 'POST', url: '/api/v1/tag', payload: { name: 'Food' } })
    ).json();
    const res = await u.request({
      method: 'POST',
      url: '/api/v1/tag/tags',
      payload: { labels: ['food', 'Gifts', ' gifts ', 'Kids'] },
    });
    expect(res.statusCode).toBe(200);
    const tags = res.json().data as Array<{ id: number; name: string }>;
    expect(tags.map((t) => t.name)).toEqual(['Food', 'Gifts', 'Kids']);
    expect(tags[0]?.id).toBe(existing.id);
    const again = (
      await u.request({ method: 'POST', url: '/api/v1/tag/tags', payload: { labels: ['KIDS', 'gifts'] } })
    ).json().data;
    expect(again.map((t: { id: number }) => t.id)).toEqual([tags[2]?.id, tags[1]?.id]);
    expect((await u.request({ method: 'GET', url: '/api/v1/tag' })).json().data).toHaveLength(3);
  });

  it('parallel POST /tag/tags with the same labels create each tag once', async () => {
    const u = await createUser(ctx);
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        u.request({ method: 'POST', url: '/api/v1/tag/tags', payload: { labels: ['Same', 'other'] } }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const ids = results.map((r) => JSON.stringify(r.json().data.map((t: { id: number }) => t.id)));
    expect(new Set(ids).size).toBe(1);
    expect((await u.request({ method: 'GET', url: '/api/v1/tag' })).json().data).toHaveLength(2);
  });

  it('with_counts gives usage; deleting a tag removes it from its entries', async () => {
    const u = await createUser(ctx);
    const acc = await createAccount(u);
    const [a, b] = (
      await u.request({ method: 'POST', url: '/api/v1/tag/tags', payload: { labels: ['a', 'b'] } })
    ).json().data;
    const e1 = await createEntry(u, expense(acc, { tags: [a.id, b.id] }));
    await createEntry(u, expense(acc, { tags: [a.id] }));
    const counted = (await u.request({ method: 'GET', url: '/api/v1/tag?with_counts=true' })).json().data;
    expect(counted).toEqual([
      { id: a.id, name: 'a', count: 2, repeating: false },
      { id: b.id, name: 'b', count: 1, repeating: false },
    ]);
    await u.request({ method: 'DELETE', url: `/api/v1/tag/${a.id}` });
    expect((await u.request({ method: 'GET', url: `/api/v1/entry/${e1.id}` })).json().tags).toEqual([b.id]);
  });

  it('counts occurrences up to today and says when a series repeats with no end (issue 13 #18)', async () => {
    const u = await createUser(ctx);
    const acc = await createAccount(u);
    const [rent] = (
      await u.request({ method: 'POST', url: '/api/v1/tag/tags', payload: { labels: ['rent'] } })
    ).json().data;
    const now = new Date();
    const start = `${now.getUTCFullYear() - 1}-${String(now.getUTCMonth() + 1).padStart(2, '0')}-01`;
    await createEntry(u, expense(acc, { tags: [rent.id], fixed: true, date: start }));
    // Someone looks at a month 40 years ahead: the series is stored that far.
    const far = `${now.getUTCFullYear() + 40}-01`;
    expect((await u.request({ method: 'GET', url: `/api/v1/entry?month=${far}` })).statusCode).toBe(200);
    const counted = (await u.request({ method: 'GET', url: '/api/v1/tag?with_counts=true' })).json().data;
    // 12 months of last year's start through this month's 1st: 13 occurrences, and it goes on.
    expect(counted).toEqual([{ id: rent.id, name: 'rent', count: 13, repeating: true }]);
  });

  it('rejects bad input with 422', async () => {
    for (const payload of [{}, { name: '' }, { name: 'a,b' }, { name: 'x'.repeat(51) }, { name: 5 }]) {
      expect(
        (await user.request({ method: 'POST', url: '/api/v1/tag', payload })).statusCode,
        JSON.stringify(payload),
      ).toBe(422);
    }
    for (const payload of [{}, { labels: [] }, { labels: 'a,b' }, { labels: [''] }]) {
      expect((await user.request({ method: 'POST', url: '/api/v1/tag/tags', payload })).statusCode).toBe(422);
    }
    expect((await user.request({ method: 'GET', url: '/api/v1/tag?with_counts=maybe' })).statusCode).toBe(
      422,
    );
    expect(
      (await user.request({ method: 'PUT', url: '/api/v1/tag/999999', payload: { name: 'x' } })).statusCode,
    ).toBe(404);
  });
});
