import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { exportJWK, generateKeyPair, importSPKI, type JWK, jwtVerify, SignJWT } from 'jose';

/**
 * A small OpenID provider for the tests (DESIGN.md §5, issue 22), over HTTPS with the throwaway CA of
 * `tls/` (the server under test trusts it through NODE_EXTRA_CA_CERTS, so production code keeps openid-client's
 * https-only default). It is strict where a real provider is: registered redirect URIs, PKCE S256, client
 * authentication (a secret, or Apple's ES256 client-secret JWT), single-use codes that expire, RS256 ID tokens
 * carrying the nonce. Who signs in is decided by the test (`nextSignIn`) or, in a browser, by a small form.
 */
export const TLS_DIR = join(import.meta.dirname, 'tls');
export const TEST_CA_FILE = join(TLS_DIR, 'ca.pem');

export interface TestIdentity {
  sub: string;
  email?: string;
  email_verified?: boolean | 'true' | 'false';
  name?: string;
}

export interface TestClient {
  clientId: string;
  redirectUris: string[];
  /** A plain secret (client_secret_basic or _post), or Apple's scheme: an ES256 JWT signed by the team's key. */
  secret?: string;
  apple?: { teamId: string; keyId: string; publicKeyPem: string };
}

type Next = TestIdentity | { deny: true };

interface Grant {
  clientId: string;
  redirectUri: string;
  challenge: string;
  nonce: string | undefined;
  identity: TestIdentity;
  expiresAt: number;
  used: boolean;
}

export interface TestProvider {
  issuer: string;
  port: number;
  /** The next /authorize of this client signs in as `identity` (or is denied) without showing the form. */
  nextSignIn(clientId: string, next: Next): void;
  /** Code requests seen at /token (tests check what the client sent). */
  tokenRequests: URLSearchParams[];
  close(): Promise<void>;
}

const CODE_TTL_MS = 60_000;

export async function startTestProvider(options: {
  clients: TestClient[];
  port?: number;
  host?: string;
}): Promise<TestProvider> {
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  const jwk: JWK = { ...(await exportJWK(publicKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
  const queued = new Map<string, Next[]>();
  const grants = new Map<string, Grant>();
  const tokenRequests: URLSearchParams[] = [];
  let issuer = '';

  const server: Server = createServer(
    { key: readFileSync(join(TLS_DIR, 'server.key')), cert: readFileSync(join(TLS_DIR, 'server.pem')) },
    (req, res) => {
      handle(req, res).catch((error: unknown) =>
        send(res, 500, { error: 'server_error', detail: String(error) }),
      );
    },
  );

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', issuer);
    if (req.method === 'GET' && url.pathname === '/.well-known/openid-configuration') {
      return send(res, 200, {
        issuer,
        authorization_endpoint: `${issuer}/authorize`,
        token_endpoint: `${issuer}/token`,
        jwks_uri: `${issuer}/jwks`,
        response_types_supported: ['code'],
        response_modes_supported: ['query', 'form_post'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
        code_challenge_methods_supported: ['S256'],
        token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
        scopes_supported: ['openid', 'email', 'profile', 'name'],
      });
    }
    if (req.method === 'GET' && url.pathname === '/jwks') return send(res, 200, { keys: [jwk] });
    if (url.pathname === '/authorize') {
      const params = req.method === 'POST' ? new URLSearchParams(await body(req)) : url.searchParams;
      return authorize(params, res);
    }
    if (req.method === 'POST' && url.pathname === '/token') return token(req, res);
    // Control for a test in another process (the e2e spec): queue who signs in next.
    if (req.method === 'POST' && url.pathname === '/_control/next') {
      const { client_id, ...next } = JSON.parse(await body(req)) as { client_id: string } & Next;
      nextSignIn(client_id, next);
      return send(res, 200, { ok: true });
    }
    return send(res, 404, { error: 'not_found' });
  }

  function nextSignIn(clientId: string, next: Next) {
    const list = queued.get(clientId) ?? [];
    list.push(next);
    queued.set(clientId, list);
  }

  function authorize(params: URLSearchParams, res: ServerResponse) {
    const client = options.clients.find((c) => c.clientId === params.get('client_id'));
    const redirectUri = params.get('redirect_uri') ?? '';
    if (!client?.redirectUris.includes(redirectUri)) {
      return send(res, 400, {
        error: 'invalid_request',
        error_description: 'unknown client or redirect_uri',
      });
    }
    const state = params.get('state') ?? '';
    const formPost = params.get('response_mode') === 'form_post';
    const answer = (fields: Record<string, string>) =>
      formPost ? postBack(res, redirectUri, fields) : redirect(res, redirectUri, fields);
    if (params.get('response_type') !== 'code' || params.get('code_challenge_method') !== 'S256') {
      return answer({ error: 'invalid_request', state });
    }
    // The browser's form (no identity queued): shown once, then posted back here with `decision`.
    let next: Next | undefined = queued.get(client.clientId)?.shift();
    if (!next && params.has('decision')) {
      next =
        params.get('decision') === 'deny'
          ? { deny: true }
          : {
              sub: `sub-${createHash('sha256')
                .update(params.get('email') ?? '')
                .digest('hex')
                .slice(0, 16)}`,
              email: params.get('email') ?? '',
              email_verified: params.get('email_verified') === 'on',
              name: params.get('name') ?? '',
            };
    }
    if (!next) return loginForm(res, params);
    if ('deny' in next) return answer({ error: 'access_denied', state });
    const code = randomBytes(24).toString('base64url');
    grants.set(code, {
      clientId: client.clientId,
      redirectUri,
      challenge: params.get('code_challenge') ?? '',
      nonce: params.get('nonce') ?? undefined,
      identity: next,
      expiresAt: Date.now() + CODE_TTL_MS,
      used: false,
    });
    const extra: Record<string, string> =
      formPost && next.name ? { user: JSON.stringify({ name: splitName(next.name) }) } : {};
    return answer({ code, state, ...extra });
  }

  async function token(req: IncomingMessage, res: ServerResponse) {
    const form = new URLSearchParams(await body(req));
    tokenRequests.push(form);
    const basic = req.headers.authorization?.startsWith('Basic ')
      ? Buffer.from(req.headers.authorization.slice(6), 'base64')
          .toString()
          .split(':')
          .map(decodeURIComponent)
      : undefined;
    const clientId = basic?.[0] ?? form.get('client_id') ?? '';
    const secret = basic?.[1] ?? form.get('client_secret') ?? '';
    const client = options.clients.find((c) => c.clientId === clientId);
    if (!client || !(await authenticates(client, secret))) return send(res, 401, { error: 'invalid_client' });
    const grant = grants.get(form.get('code') ?? '');
    const verifier = form.get('code_verifier') ?? '';
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    if (
      form.get('grant_type') !== 'authorization_code' ||
      !grant ||
      grant.used ||
      grant.expiresAt < Date.now() ||
      grant.clientId !== clientId ||
      grant.redirectUri !== form.get('redirect_uri') ||
      grant.challenge !== challenge
    ) {
      if (grant) grant.used = true;
      return send(res, 400, { error: 'invalid_grant' });
    }
    grant.used = true;
    const { sub, ...claims } = grant.identity;
    const idToken = await new SignJWT({ ...claims, ...(grant.nonce ? { nonce: grant.nonce } : {}) })
      .setProtectedHeader({ alg: 'RS256', kid: jwk.kid ?? 'test-key' })
      .setIssuer(issuer)
      .setSubject(sub)
      .setAudience(clientId)
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(privateKey);
    return send(res, 200, {
      access_token: randomBytes(16).toString('base64url'),
      token_type: 'Bearer',
      expires_in: 300,
      id_token: idToken,
    });
  }

  async function authenticates(client: TestClient, secret: string): Promise<boolean> {
    if (client.secret !== undefined) return secret === client.secret;
    if (!client.apple) return false;
    try {
      const key = await importSPKI(client.apple.publicKeyPem, 'ES256');
      const { payload, protectedHeader } = await jwtVerify(secret, key, {
        issuer: client.apple.teamId,
        subject: client.clientId,
        audience: issuer,
        algorithms: ['ES256'],
      });
      return protectedHeader.kid === client.apple.keyId && typeof payload.exp === 'number';
    } catch {
      return false;
    }
  }

  await new Promise<void>((resolve) =>
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve),
  );
  const port = (server.address() as AddressInfo).port;
  issuer = `https://127.0.0.1:${port}`;
  return {
    issuer,
    port,
    nextSignIn,
    tokenRequests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function send(res: ServerResponse, status: number, json: unknown) {
  res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
  res.end(JSON.stringify(json));
}

function redirect(res: ServerResponse, target: string, fields: Record<string, string>) {
  const url = new URL(target);
  for (const [key, value] of Object.entries(fields)) url.searchParams.set(key, value);
  res.writeHead(302, { location: url.href });
  res.end();
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Apple's form_post: a page that posts the answer to the client's callback at once. */
function postBack(res: ServerResponse, target: string, fields: Record<string, string>) {
  const inputs = Object.entries(fields)
    .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
    .join('');
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
  res.end(
    `<!doctype html><html><body onload="document.forms[0].submit()"><form method="post" action="${escapeHtml(target)}">${inputs}</form></body></html>`,
  );
}

/** What a real provider shows: who are you, and do you allow the app? (The e2e spec fills it.) */
function loginForm(res: ServerResponse, params: URLSearchParams) {
  const hidden = [...params.entries()]
    .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
    .join('');
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
  res.end(`<!doctype html><html lang="en"><head><title>Test provider</title></head><body><main>
<h1>Test provider</h1><form method="post" action="/authorize">${hidden}
<label>E-mail <input name="email" type="email"></label>
<label>Name <input name="name"></label>
<label><input name="email_verified" type="checkbox" checked> E-mail verified</label>
<button name="decision" value="allow">Allow</button><button name="decision" value="deny">Deny</button>
</form></main></body></html>`);
}

function splitName(name: string) {
  const [firstName, ...rest] = name.split(' ');
  return { firstName, lastName: rest.join(' ') };
}

function body(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let data = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      data += chunk;
    });
    req.on('end', () => resolve(data));
    req.on('error', reject);
  });
}
