import { SUBSCRIPTION_REQUIRED_MESSAGE } from '@centavo/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type TestUser } from '../../../test/app.ts';
import type { UserBillingColumns } from '../../db/tables/billing.ts';
import { type BillingContext, createBillingApp } from './billing.test-helpers.ts';
import { accessOf } from './entitlement.ts';

const DAY = 86_400_000;
const ago = (days: number) => new Date(Date.now() - days * DAY).toISOString();

type State = Partial<Omit<UserBillingColumns, 'cancel_at_period_end'>> & { created_at?: string };

/** Each access state the server's copy can be in, with the access it must give (DESIGN.md §6). */
const STATES: Array<{ name: string; state: State; access: 'full' | 'read_only' }> = [
  { name: 'trialing', state: { subscription_status: 'trialing', trial_end: ago(-5) }, access: 'full' },
  { name: 'active', state: { subscription_status: 'active' }, access: 'full' },
  {
    name: 'past_due for 1 day',
    state: { subscription_status: 'past_due', past_due_since: ago(1) },
    access: 'full',
  },
  {
    name: 'no subscription yet, day 2',
    state: { subscription_status: null, created_at: ago(2) },
    access: 'full',
  },
  {
    name: 'past_due for 4 days',
    state: { subscription_status: 'past_due', past_due_since: ago(4) },
    access: 'read_only',
  },
  { name: 'canceled', state: { subscription_status: 'canceled' }, access: 'read_only' },
  { name: 'unpaid', state: { subscription_status: 'unpaid' }, access: 'read_only' },
  { name: 'paused', state: { subscription_status: 'paused' }, access: 'read_only' },
  { name: 'incomplete_expired', state: { subscription_status: 'incomplete_expired' }, access: 'read_only' },
  {
    name: 'trial ended two days ago, no word from Stripe',
    state: { subscription_status: 'trialing', trial_end: ago(2) },
    access: 'read_only',
  },
  {
    name: 'no subscription, registered 8 days ago',
    state: { subscription_status: null, created_at: ago(8) },
    access: 'read_only',
  },
];

let b: BillingContext;
beforeAll(async () => {
  b = await createBillingApp();
});
afterAll(async () => {
  await b.close();
});

async function userIn(state: State): Promise<TestUser> {
  const user = await createUser(b.ctx);
  await b.ctx.database.db.updateTable('users').set(state).where('id', '=', user.id).execute();
  return user;
}

/** A concrete URL for a route pattern: every path parameter becomes 1 (wildcards "x"). */
function concrete(url: string): string {
  return url.replace(/:[A-Za-z_]\w*(\([^)]*\))?/g, '1').replace(/\*/g, 'x');
}

describe('entitlement rule', () => {
  it.each(STATES)('$name → $access', ({ state, access }) => {
    const row = {
      subscription_status: null,
      trial_end: null,
      past_due_since: null,
      created_at: ago(0),
      ...state,
    };
    expect(accessOf(row, true)).toBe(access);
    expect(accessOf(row, false)).toBe('full');
  });
});

describe('entitlement matrix: each access state × every API route', () => {
  it('covers every route, and every write route declares what it writes', () => {
    const api = b.ctx.app.routeTable.filter((r) => r.url.startsWith('/api/v1/') && r.method !== 'OPTIONS');
    const financeWrites = [...b.ctx.app.routeAccess].filter(([, access]) => access === 'finance-write');
    // Not vacuous: the ledger's writes are there (and every route other helpers add is, by declaration).
    expect(financeWrites.map(([key]) => key)).toEqual(
      expect.arrayContaining(['POST /api/v1/entry', 'PUT /api/v1/account/:id', 'DELETE /api/v1/tag/:id']),
    );
    for (const route of api) expect(b.ctx.app.routeAccess.has(`${route.method} ${route.url}`)).toBe(true);
  });

  for (const { name, state, access } of STATES) {
    it(`${name}: finance writes ${access === 'full' ? 'pass' : 'are 403'}, reads and account routes work`, async () => {
      const user = await userIn(state);
      const routes = b.ctx.app.routeTable.filter(
        (r) => r.url.startsWith('/api/v1/') && r.method !== 'OPTIONS' && r.method !== 'HEAD',
      );
      const failures: string[] = [];
      for (const route of routes) {
        // Deleting the user would end the test's user; its access ('open') is checked below instead.
        if (route.method === 'DELETE' && route.url === '/api/v1/user') continue;
        const declared = b.ctx.app.routeAccess.get(`${route.method} ${route.url}`);
        const res = await user.request({
          method: route.method as 'GET',
          url: concrete(route.url),
          ...(route.method === 'GET' ? {} : { payload: {} }),
        });
        const refused = res.statusCode === 403 && res.json().code === 'SUBSCRIPTION_REQUIRED';
        const mustRefuse = access === 'read_only' && declared === 'finance-write';
        if (mustRefuse && (!refused || res.json().message !== SUBSCRIPTION_REQUIRED_MESSAGE)) {
          failures.push(`${route.method} ${route.url} (${declared}) → ${res.statusCode}, want 403`);
        }
        if (!mustRefuse && refused) failures.push(`${route.method} ${route.url} (${declared}) → 403`);
      }
      expect(failures).toEqual([]);

      // A finance write with a valid body: refused and nothing written, or done.
      const tag = await user.request({
        method: 'POST',
        url: '/api/v1/tag',
        payload: { name: `t-${user.id}` },
      });
      expect(tag.statusCode).toBe(access === 'full' ? 201 : 403);
      const tags = await b.ctx.database.db
        .selectFrom('tags')
        .select('id')
        .where('user_id', '=', user.id)
        .execute();
      expect(tags).toHaveLength(access === 'full' ? 1 : 0);
      // Reads, exports and account routes work in every state.
      expect((await user.request({ method: 'GET', url: '/api/v1/entry' })).statusCode).toBe(200);
      const exported = await user.request({ method: 'GET', url: '/api/v1/entry/export?format=csv' });
      expect(exported.statusCode, exported.body).toBe(200);
      const prefs = await user.request({
        method: 'PUT',
        url: '/api/v1/user/preferences',
        payload: { language_id: 2, currency_code_id: 4, country_id: 32 },
      });
      expect(prefs.statusCode, prefs.body).toBe(200);
      const deletion = await user.request({
        method: 'DELETE',
        url: '/api/v1/user',
        payload: { password: 'wrong' },
      });
      expect(deletion.statusCode).toBe(422);
    });
  }
});
