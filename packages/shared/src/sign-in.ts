/**
 * Values of social sign-in and 2FA the web app's visitors' pages need without zod (contracts/sign-in.ts holds
 * the schemas and re-exports these): importing them by subpath keeps the login page's first load small.
 */
export const SOCIAL_PROVIDERS = ['google', 'apple', 'oidc'] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];

/** Why a social sign-in went back to the login page: `/auth/login?error=<key>` (the `auth` catalogue's `social.errors`). */
export const SOCIAL_ERROR_KEYS = [
  'denied',
  'state',
  'expired',
  'unavailable',
  'failed',
  'linkRequired',
  'emailMissing',
  'notConfigured',
  'identityTaken',
  'mfaExpired',
] as const;
export type SocialErrorKey = (typeof SOCIAL_ERROR_KEYS)[number];

/** A sign-in's answer when 2FA is on: the second step completes it. */
export function isMfaRequired(response: object): response is { mfa_required: true; mfa_token: string } {
  return 'mfa_required' in response && response.mfa_required === true;
}
