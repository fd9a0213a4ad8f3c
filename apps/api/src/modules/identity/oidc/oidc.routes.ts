import { hkdfSync } from 'node:crypto';
import {
  errorBodySchema,
  idSchema,
  providersResponseSchema,
  type SocialErrorKey,
  signInResponseSchema,
  socialExchangeBodySchema,
} from '@centavo/shared';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Configuration } from 'openid-client';
import { z } from 'zod';
import type { App } from '../../../lib/http.ts';
import type { IdentityDeps } from '../identity.deps.ts';
import {
  consumeLinkToken,
  createSocialCode,
  exchangeSocialCode,
  readClaims,
  resolveCallback,
} from './oidc.service.ts';
import { loadOpenIdClient } from './providers.ts';
import { type OidcState, parseState, STATE_COOKIE, stateCookieOptions } from './state-cookie.ts';

const providerParams = z.object({ provider: z.string().max(20) });
const startQuery = z.object({
  /** The interface language at the start: a new account is created in it. */
  language_id: idSchema.optional(),
  /** From POST /user/identities: this start links the provider to the signed-in user. */
  link: z.string().max(256).optional(),
});
/** The provider's answer (query or form): every parameter is passed on to openid-client's checks. */
const callbackParams = z.looseObject({
  code: z.string().max(4096).optional(),
  state: z.string().max(1024).optional(),
  error: z.string().max(256).optional(),
  iss: z.string().max(1024).optional(),
  /** Apple's first answer carries the name as JSON here. */
  user: z.string().max(4096).optional(),
});
const redirect = { 302: z.null().meta({ description: 'Redirect (Location header)' }) };

/**
 * Social sign-in (DESIGN.md §5): GET /auth/providers, GET /auth/oidc/{provider}/start, GET|POST
 * /auth/oidc/{provider}/callback, POST /auth/social/exchange. The browser never sees the provider's tokens:
 * the callback verifies them server-side and hands the page a one-time code in the URL fragment (never sent
 * to a server, never in a Referer). Every failure is a 302 to `/auth/login?error=<key>` (the profile for a
 * link), which the page translates. Cookie and form parsing are registered in this scope only.
 */
export async function oidcRoutes(app: App, deps: IdentityDeps): Promise<void> {
  const cookieSecret = Buffer.from(
    hkdfSync('sha256', deps.config.jwtSecret, 'centavo', 'oidc-state-cookie', 32),
  );
  await app.register(cookie, { secret: cookieSecret.toString('base64url') });
  // form_post (Apple): urlencoded bodies are parsed on these routes only, never on the JSON API.
  await app.register(formbody);
  const common = { tags: ['auth'], security: [] };
  const appUrl = deps.config.appUrl;

  const fail = (reply: FastifyReply, error: SocialErrorKey, linking = false) =>
    reply.redirect(`${appUrl}${linking ? '/profile' : '/auth/login'}?error=${error}`, 302);

  app.get(
    '/auth/providers',
    {
      schema: {
        summary: 'The sign-in providers this server offers',
        operationId: 'listSignInProviders',
        ...common,
        response: { 200: providersResponseSchema },
      },
    },
    async () => ({ data: deps.providers.list().map(({ id, name }) => ({ id, name })) }),
  );

  app.get(
    '/auth/oidc/:provider/start',
    {
      schema: {
        summary: 'Go to the provider to sign in (browser navigation)',
        operationId: 'startSocialSignIn',
        ...common,
        params: providerParams,
        querystring: startQuery,
        response: redirect,
      },
    },
    async (request, reply) => {
      const provider = deps.providers.get(request.params.provider);
      const linking = request.query.link !== undefined;
      if (!provider) return fail(reply, 'notConfigured', linking);
      let userId: number | undefined;
      if (request.query.link !== undefined) {
        userId = await consumeLinkToken(deps, request.query.link, provider.id);
        if (userId === undefined) return fail(reply, 'expired', true);
      }
      const client = await loadOpenIdClient();
      let config: Configuration;
      try {
        config = await deps.providers.configuration(provider.id);
      } catch (error) {
        request.log.warn({ provider: provider.id, err: describe(error) }, 'sign-in provider unreachable');
        return fail(reply, 'unavailable', linking);
      }
      const state: OidcState = {
        p: provider.id,
        s: client.randomState(),
        n: client.randomNonce(),
        v: client.randomPKCECodeVerifier(),
        ...(userId === undefined ? {} : { u: userId }),
        ...(request.query.language_id === undefined ? {} : { l: request.query.language_id }),
      };
      const url = client.buildAuthorizationUrl(config, {
        redirect_uri: deps.providers.redirectUri(provider.id),
        scope: provider.scope,
        code_challenge: await client.calculatePKCECodeChallenge(state.v),
        code_challenge_method: 'S256',
        state: state.s,
        nonce: state.n,
        ...(provider.formPost ? { response_mode: 'form_post' } : {}),
      });
      reply.setCookie(STATE_COOKIE, JSON.stringify(state), stateCookieOptions(appUrl, provider));
      return reply.redirect(url.href, 302);
    },
  );

  const callback = async (
    request: FastifyRequest,
    reply: FastifyReply,
    providerId: string,
    params: Record<string, unknown>,
  ) => {
    const provider = deps.providers.get(providerId);
    const raw = request.cookies[STATE_COOKIE];
    const unsigned = raw === undefined ? null : request.unsignCookie(raw);
    const state = parseState(unsigned?.valid ? unsigned.value : null);
    const linking = state?.u !== undefined;
    if (!provider) return fail(reply, 'notConfigured');
    // The cookie is spent whatever happens: one start, one answer.
    reply.clearCookie(STATE_COOKIE, stateCookieOptions(appUrl, provider, 0));
    const answer = new URLSearchParams();
    for (const [key, value] of Object.entries(params)) if (typeof value === 'string') answer.set(key, value);
    if (answer.has('error')) {
      return fail(reply, answer.get('error') === 'access_denied' ? 'denied' : 'failed', linking);
    }
    // Checked before the provider is called: a forged or stale answer costs no request to it.
    if (!state || state.p !== provider.id || answer.get('state') !== state.s)
      return fail(reply, 'state', linking);

    const client = await loadOpenIdClient();
    let claims: Record<string, unknown>;
    try {
      const config = await deps.providers.configuration(provider.id);
      const redirectUri = deps.providers.redirectUri(provider.id);
      const current =
        provider.formPost && request.method === 'POST'
          ? formPostRequest(redirectUri, answer)
          : queryUrl(redirectUri, answer);
      const tokens = await client.authorizationCodeGrant(
        config,
        current,
        { pkceCodeVerifier: state.v, expectedState: state.s, expectedNonce: state.n, idTokenExpected: true },
        { redirect_uri: redirectUri },
      );
      claims = { ...(tokens.claims() ?? {}) };
    } catch (error) {
      const key = classify(error, client);
      request.log.warn({ provider: provider.id, err: describe(error) }, `social sign-in failed (${key})`);
      return fail(reply, key, linking);
    }
    const outcome = await resolveCallback(
      deps,
      provider.id,
      readClaims(claims, answer.get('user') ?? undefined),
      request,
      {
        userId: state.u,
        languageId: state.l,
      },
    );
    if (outcome.kind === 'refused') return fail(reply, outcome.error, linking);
    if (outcome.kind === 'linked') return reply.redirect(`${appUrl}/profile?linked=${provider.id}`, 302);
    const code = await createSocialCode(deps, outcome.userId, provider.id);
    return reply.redirect(`${appUrl}/auth/social-callback#code=${code}`, 302);
  };

  app.get(
    '/auth/oidc/:provider/callback',
    {
      schema: {
        summary: "The provider's answer (browser navigation)",
        operationId: 'socialSignInCallback',
        ...common,
        params: providerParams,
        querystring: callbackParams,
        response: redirect,
      },
    },
    async (request, reply) => callback(request, reply, request.params.provider, request.query),
  );

  app.post(
    '/auth/oidc/:provider/callback',
    {
      config: { access: 'open' },
      schema: {
        summary: "The provider's answer as a form post (Apple's response_mode=form_post)",
        operationId: 'socialSignInFormPost',
        ...common,
        params: providerParams,
        body: callbackParams,
        response: redirect,
      },
    },
    async (request, reply) => callback(request, reply, request.params.provider, request.body),
  );

  app.post(
    '/auth/social/exchange',
    {
      config: { access: 'open' },
      schema: {
        summary: "Swap the callback's one-time code for tokens (or the second step)",
        operationId: 'exchangeSocialCode',
        ...common,
        body: socialExchangeBodySchema,
        response: { 200: signInResponseSchema, 422: errorBodySchema, 429: errorBodySchema },
      },
    },
    async (request) => exchangeSocialCode(deps, request.body.code, request),
  );
}

function queryUrl(redirectUri: string, answer: URLSearchParams): URL {
  const url = new URL(redirectUri);
  url.search = answer.toString();
  return url;
}

/** openid-client reads a form_post answer from a Request, as the browser posted it. */
function formPostRequest(redirectUri: string, answer: URLSearchParams): Request {
  return new Request(redirectUri, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: answer.toString(),
  });
}

/** Which message the login page shows: the provider could not be reached, the code was stale, or anything else. */
function classify(error: unknown, client: typeof import('openid-client')): SocialErrorKey {
  if (error instanceof client.ResponseBodyError && error.error === 'invalid_grant') return 'expired';
  if (error instanceof TypeError) return 'unavailable';
  if (error instanceof DOMException && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
    return 'unavailable';
  }
  if (error instanceof client.ClientError && error.code === 'OAUTH_RESPONSE_IS_NOT_CONFORM')
    return 'unavailable';
  return 'failed';
}

/** An error for the log: its kind and message, never a token (openid-client's messages hold none). */
function describe(error: unknown): { type: string; message: string; code?: string } {
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    return { type: error.name, message: error.message, ...(typeof code === 'string' ? { code } : {}) };
  }
  return { type: typeof error, message: String(error) };
}
