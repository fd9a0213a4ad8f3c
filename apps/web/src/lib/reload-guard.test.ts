import { beforeEach, describe, expect, it } from 'vitest';
import { markReload, RELOAD_MARKER_KEY, shouldReload } from './reload-guard.ts';

describe('reload guard (spec §8, §9)', () => {
  beforeEach(() => sessionStorage.clear());

  it('allows one reload, then holds back for 10 s', () => {
    expect(shouldReload(100_000)).toBe(true);
    markReload(100_000);
    expect(sessionStorage.getItem(RELOAD_MARKER_KEY)).toBe('100000');
    expect(shouldReload(105_000)).toBe(false);
    expect(shouldReload(110_001)).toBe(true);
  });
});
