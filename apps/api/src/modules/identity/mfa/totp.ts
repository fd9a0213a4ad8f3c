import { Secret, TOTP } from 'otpauth';

/** RFC 6238 as DESIGN.md §5 fixes it: SHA-1, 6 digits, 30-second steps, one step either side. */
const PERIOD = 30;
const DIGITS = 6;
const ALGORITHM = 'SHA1';

/** A new random secret (160 bits, RFC 4226's recommendation), base32 as authenticator apps take it. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The otpauth:// URL the QR code carries: "Centavo: ana@example.com". */
export function otpauthUrl(secret: string, issuer: string, account: string): string {
  return new TOTP({
    issuer,
    label: account,
    secret: Secret.fromBase32(secret),
    algorithm: ALGORITHM,
    digits: DIGITS,
    period: PERIOD,
  }).toString();
}

/**
 * The time step a code belongs to (the current one or one either side of it, at `nowMs`), or null when it
 * matches none. The caller accepts a step only once (mfa.repository.ts `acceptTotpStep`).
 */
export function totpStep(secret: string, code: string, nowMs: number): number | null {
  const delta = TOTP.validate({
    token: code,
    secret: Secret.fromBase32(secret),
    algorithm: ALGORITHM,
    digits: DIGITS,
    period: PERIOD,
    timestamp: nowMs,
    window: 1,
  });
  if (delta === null) return null;
  return TOTP.counter({ period: PERIOD, timestamp: nowMs }) + delta;
}

/** The code of a time step: for tests and for the e2e "authenticator app". */
export function totpCode(secret: string, nowMs: number): string {
  return TOTP.generate({
    secret: Secret.fromBase32(secret),
    algorithm: ALGORITHM,
    digits: DIGITS,
    period: PERIOD,
    timestamp: nowMs,
  });
}
