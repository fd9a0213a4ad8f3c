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
 * Every response, errors and 404s included, carries the security headers; API responses are never cached.
 * No CORS plugin: the app is same-origin, so foreign origins get no CORS headers.
 */
export function registerSecurity(app: App): void {
  const headers = securityHeaders(app.config.appUrl.startsWith('https://'));
  const api = { ...headers, 'cache-control': 'no-store' };
  // Set when the request arrives (as helmet did), so a handler may still override a header.
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(request.url.startsWith('/api/') ? api : headers);
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
