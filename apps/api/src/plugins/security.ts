import type { App } from '../lib/http.ts';

const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  // Mantine writes CSS variables into <style> tags and style attributes at run time.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join(';');

/**
 * The security headers of QUALITY.md: the set @fastify/helmet sent (CSP of our own, referrer policy
 * strict-origin-when-cross-origin, no COEP, HSTS behind https), written out once. Helmet rebuilt its CSP
 * string from the directives on every response, several percent of a small request's CPU.
 */
export function securityHeaders(https: boolean): Record<string, string> {
  return {
    'content-security-policy': CSP,
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'strict-origin-when-cross-origin',
    ...(https ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-frame-options': 'SAMEORIGIN',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
  };
}

/**
 * What a JSON answer of the API carries. The document headers above govern a page a browser renders (its
 * scripts, styles, frames, window, DNS prefetching, legacy IE and Flash behaviour); a JSON body runs nothing,
 * so those are left out, as OWASP's REST cheat sheet does. Kept, per QUALITY.md: a CSP (`default-src 'none'`:
 * an answer opened as a page may load nothing, `object-src 'none'` spelled out, `frame-ancestors 'none'`),
 * nosniff (a JSON body is never read as script or HTML), the referrer policy, CORP `same-origin` (no
 * other site may load it into its process), HSTS behind https, and `no-store` (never cached). Seven headers
 * fewer and ~380 bytes less per answer: Node validates and writes each header of every response.
 */
export function apiHeaders(https: boolean): Record<string, string> {
  return {
    'content-security-policy': "default-src 'none';object-src 'none';frame-ancestors 'none'",
    'cross-origin-resource-policy': 'same-origin',
    'referrer-policy': 'strict-origin-when-cross-origin',
    ...(https ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
    'x-content-type-options': 'nosniff',
    'cache-control': 'no-store',
  };
}

/**
 * Every response, errors and 404s included, carries security headers: the document set on pages (the web
 * app, /api/docs), the API set on the API's JSON under /api/ (never cached either way).
 * No CORS plugin: the app is same-origin, so foreign origins get no CORS headers.
 */
export function registerSecurity(app: App): void {
  const https = app.config.appUrl.startsWith('https://');
  const documents = Object.freeze(securityHeaders(https));
  const api = Object.freeze(apiHeaders(https));
  const docs = Object.freeze({ ...documents, 'cache-control': 'no-store' });
  // Set when the request arrives (as helmet did), so a handler may still override a header.
  app.addHook('onRequest', (request, reply, done) => {
    const url = request.url;
    reply.headers(url.startsWith('/api/') ? (url.startsWith('/api/docs') ? docs : api) : documents);
    done();
  });
  // The OpenAPI UI's files come from @fastify/static, which sets its own cache-control when it sends them.
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/docs')) return;
    const own = route.onSend ? [route.onSend].flat() : [];
    route.onSend = [
      ...own,
      (_request, reply, payload, next) => {
        reply.header('cache-control', 'no-store');
        next(null, payload);
      },
    ];
  });
}
