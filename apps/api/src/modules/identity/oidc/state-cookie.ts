import type { SocialProvider } from '@centavo/shared';
import type { CookieSerializeOptions } from '@fastify/cookie';
import { z } from 'zod';
import type { ProviderInfo } from './providers.ts';

/**
 * What the start of a sign-in leaves in the browser that began it (DESIGN.md §5): state, nonce and the PKCE
 * verifier, in a signed HttpOnly cookie scoped to the provider's callback path, for 10 minutes. The callback
 * counts only with that cookie, so a callback URL carried to another browser (login CSRF) fails.
 */
export const STATE_COOKIE = 'centavo_oidc';
export const STATE_TTL_SECONDS = 600;

const stateSchema = z.object({
  p: z.enum(['google', 'apple', 'oidc']),
  s: z.string().min(1),
  n: z.string().min(1),
  v: z.string().min(1),
  /** The signed-in user who links this provider from the profile. */
  u: z.number().int().positive().optional(),
  /** The interface language at the start: a new account gets it. */
  l: z.number().int().positive().optional(),
});
export type OidcState = z.infer<typeof stateSchema> & { p: SocialProvider };

export function parseState(value: string | null): OidcState | null {
  if (value === null) return null;
  try {
    const parsed = stateSchema.safeParse(JSON.parse(value));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * Apple posts its answer from its own site (form_post): a SameSite=Lax cookie is not sent with that cross-site
 * POST, so Apple's cookie is SameSite=None, which browsers only accept with Secure (an https APP_URL, which
 * Apple requires anyway). The others come back with a top-level GET, where Lax is sent.
 */
export function stateCookieOptions(appUrl: string, provider: ProviderInfo, maxAge = STATE_TTL_SECONDS) {
  const secure = appUrl.startsWith('https://');
  return {
    path: `/api/v1/auth/oidc/${provider.id}/`,
    httpOnly: true,
    secure,
    sameSite: provider.formPost && secure ? 'none' : 'lax',
    maxAge,
    signed: true,
  } satisfies CookieSerializeOptions;
}
