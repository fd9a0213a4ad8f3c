import { afterEach, describe, expect, it, vi } from 'vitest';
import { socialError } from './components/SocialSignIn.tsx';
import { clearPendingMfa, getPendingMfa, setPendingMfa } from './mfa-pending.ts';

describe('the login page’s ?error= of a social sign-in', () => {
  it('is one of the known keys, or nothing (a made-up key shows no text)', () => {
    expect(socialError(new URLSearchParams('error=denied'))).toBe('denied');
    expect(socialError(new URLSearchParams('error=linkRequired'))).toBe('linkRequired');
    expect(socialError(new URLSearchParams('error=<script>'))).toBeNull();
    expect(socialError(new URLSearchParams('error=constructor'))).toBeNull();
    expect(socialError(new URLSearchParams(''))).toBeNull();
  });
});

describe('the pending second step', () => {
  afterEach(() => {
    vi.useRealTimers();
    clearPendingMfa();
  });

  it('lives in this tab for the mfa token’s 5 minutes, then is gone', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-27T12:00:00Z'));
    setPendingMfa('token-1', '/entries/list');
    expect(getPendingMfa()).toMatchObject({ token: 'token-1', next: '/entries/list' });
    expect(globalThis.localStorage.getItem('centavo.mfa')).toBeNull();
    vi.setSystemTime(new Date('2026-11-27T12:05:01Z'));
    expect(getPendingMfa()).toBeNull();
  });

  it('is removed once used', () => {
    setPendingMfa('token-2', '/budget');
    clearPendingMfa();
    expect(getPendingMfa()).toBeNull();
  });
});
