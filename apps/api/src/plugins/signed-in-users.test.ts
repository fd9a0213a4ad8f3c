import { describe, expect, it } from 'vitest';
import { SignedInUserCache } from './signed-in-users.ts';

const row = (name: string) => ({ name });

describe('SignedInUserCache', () => {
  it('keeps nothing until the change feed is up, and everything it read afterwards', () => {
    const cache = new SignedInUserCache<{ name: string }>();
    cache.put(1, row('Ana'), cache.stamp());
    expect(cache.get(1)).toBeUndefined();
    cache.enable();
    cache.put(1, row('Ana'), cache.stamp());
    expect(cache.get(1)).toEqual(row('Ana'));
    expect(cache.get(2)).toBeUndefined();
    // Shared by every request of the user: frozen.
    expect(Object.isFrozen(cache.get(1))).toBe(true);
  });

  it('drops a read that was in flight when a change was heard, whichever user it named', () => {
    const cache = new SignedInUserCache<{ name: string }>();
    cache.enable();
    const beforeSend = cache.stamp();
    // The query is out; the users trigger's notification of user 1 (or any user) arrives first.
    cache.forget(7);
    cache.put(1, row('Ana (old)'), beforeSend);
    expect(cache.get(1)).toBeUndefined();
    // A read sent after the change is kept.
    cache.put(1, row('Ana (new)'), cache.stamp());
    expect(cache.get(1)).toEqual(row('Ana (new)'));
  });

  it('forgets a changed user at once', () => {
    const cache = new SignedInUserCache<{ name: string }>();
    cache.enable();
    cache.put(1, row('Ana'), cache.stamp());
    cache.put(2, row('Bia'), cache.stamp());
    cache.forget(1);
    expect(cache.get(1)).toBeUndefined();
    expect(cache.get(2)).toEqual(row('Bia'));
  });

  it('empties and stops keeping when the feed is lost, and a read from before it came back is not kept', () => {
    const cache = new SignedInUserCache<{ name: string }>();
    cache.enable();
    cache.put(1, row('Ana'), cache.stamp());
    cache.disable();
    expect(cache.enabled).toBe(false);
    expect(cache.get(1)).toBeUndefined();
    const whileDown = cache.stamp();
    cache.put(1, row('Ana'), whileDown);
    expect(cache.size).toBe(0);
    // Listening again: changes made while the feed was down went unheard, so older reads stay out.
    cache.enable();
    cache.put(1, row('Ana'), whileDown);
    expect(cache.get(1)).toBeUndefined();
    cache.put(1, row('Ana'), cache.stamp());
    expect(cache.get(1)).toEqual(row('Ana'));
  });

  it('reads a row again once it is older than maxAgeMs', () => {
    let now = 1_000;
    const cache = new SignedInUserCache<{ name: string }>({ maxAgeMs: 30_000, now: () => now });
    cache.enable();
    cache.put(1, row('Ana'), cache.stamp());
    now += 30_000;
    expect(cache.get(1)).toEqual(row('Ana'));
    now += 1;
    expect(cache.get(1)).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('holds at most maxEntries rows, dropping the oldest first', () => {
    const cache = new SignedInUserCache<{ name: string }>({ maxEntries: 2 });
    cache.enable();
    cache.put(1, row('Ana'), cache.stamp());
    cache.put(2, row('Bia'), cache.stamp());
    cache.put(2, row('Bia 2'), cache.stamp());
    expect(cache.size).toBe(2);
    cache.put(3, row('Caio'), cache.stamp());
    expect(cache.size).toBe(2);
    expect(cache.get(1)).toBeUndefined();
    expect(cache.get(2)).toEqual(row('Bia 2'));
    expect(cache.get(3)).toEqual(row('Caio'));
  });
});
