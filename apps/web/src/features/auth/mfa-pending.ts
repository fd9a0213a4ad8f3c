/**
 * The mfa token between the first step of a sign-in (password, provider) and the two-factor page: kept in
 * this tab's session storage for the token's 5 minutes, so a reload of the page does not lose it, and removed
 * once used. Never in local storage: it must not outlive the tab.
 */
const KEY = 'centavo.mfa';
const TTL_MS = 5 * 60_000;

interface Pending {
  token: string;
  expiresAt: number;
  /** Where the sign-in goes after the code (the page the user wanted). */
  next: string;
}

export function setPendingMfa(token: string, next: string): void {
  try {
    globalThis.sessionStorage?.setItem(KEY, JSON.stringify({ token, next, expiresAt: Date.now() + TTL_MS }));
  } catch {
    // Storage disabled: the page then asks to sign in again.
  }
}

export function getPendingMfa(): Pending | null {
  try {
    const raw = globalThis.sessionStorage?.getItem(KEY);
    const value = raw ? (JSON.parse(raw) as Pending) : null;
    return value && typeof value.token === 'string' && value.expiresAt > Date.now() ? value : null;
  } catch {
    return null;
  }
}

export function clearPendingMfa(): void {
  try {
    globalThis.sessionStorage?.removeItem(KEY);
  } catch {
    // Nothing to clear.
  }
}
