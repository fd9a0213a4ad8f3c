import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  addNavigationGuard,
  EXTERNAL_URL_ERROR,
  navigate,
  registerRouterNavigate,
  resolveTarget,
  SCRIPT_PROTOCOL_ERROR,
} from './navigation.ts';

describe('navigate (spec §2, §8)', () => {
  afterEach(() => registerRouterNavigate(null));

  it('routes in-app paths through the router', () => {
    const routerNavigate = vi.fn();
    registerRouterNavigate(routerNavigate);
    expect(navigate('/entries/list?month=2026-11')).toBe(true);
    expect(routerNavigate).toHaveBeenCalledWith('/entries/list?month=2026-11', { replace: undefined });
    navigate(`${location.origin}/profile`, { replace: true });
    expect(routerNavigate).toHaveBeenLastCalledWith('/profile', { replace: true });
  });

  it('refuses external URLs unless allowed', () => {
    expect(() => navigate('https://example.com/thanks')).toThrow(EXTERNAL_URL_ERROR);
    expect(() => navigate('//evil.example/path')).toThrow(EXTERNAL_URL_ERROR);
    expect(resolveTarget('https://example.com/thanks')).toEqual({
      kind: 'external',
      url: 'https://example.com/thanks',
    });
  });

  it('assigns the location for an allowed external URL', () => {
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({
      ...window.location,
      origin: location.origin,
      assign,
    });
    navigate('https://example.com/thanks', { external: true });
    expect(assign).toHaveBeenCalledWith('https://example.com/thanks');
    vi.restoreAllMocks();
  });

  it('refuses script-protocol URLs even when external is allowed', () => {
    for (const url of [
      'javascript:alert(1)',
      ' JavaScript:alert(1)',
      'java\tscript:alert(1)',
      'vbscript:x',
      'data:text/html,x',
    ]) {
      expect(() => navigate(url, { external: true }), url).toThrow(SCRIPT_PROTOCOL_ERROR);
    }
  });

  it('lets guards abort or redirect', () => {
    const routerNavigate = vi.fn();
    registerRouterNavigate(routerNavigate);
    const removeAbort = addNavigationGuard((to) => (to === '/blocked' ? false : undefined));
    const removeRedirect = addNavigationGuard((to) => (to === '/old' ? '/new' : undefined));
    expect(navigate('/blocked')).toBe(false);
    expect(routerNavigate).not.toHaveBeenCalled();
    navigate('/old');
    expect(routerNavigate).toHaveBeenCalledWith('/new', { replace: undefined });
    removeAbort();
    removeRedirect();
  });
});
