import helmet from '@fastify/helmet';
import type { App } from '../lib/http.ts';

/**
 * The security headers of QUALITY.md on every response, errors and 404s included: @fastify/helmet's set with
 * our CSP (no inline script; `object-src 'none'`, `frame-ancestors 'none'`), the referrer policy
 * strict-origin-when-cross-origin, and HSTS only when the app is served over https. Answers under /api/ (the
 * JSON, the docs and their files) are never cached. No CORS plugin: the app is same-origin, so foreign
 * origins get no CORS headers.
 */
export async function registerSecurity(app: App): Promise<void> {
  const https = app.config.appUrl.startsWith('https://');
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'"],
        // Mantine writes CSS variables into <style> tags and style attributes at run time.
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:'],
        'font-src': ["'self'", 'data:'],
        'connect-src': ["'self'"],
        'object-src': ["'none'"],
        'base-uri': ["'self'"],
        'form-action': ["'self'"],
        'frame-ancestors': ["'none'"],
      },
    },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  });
  // On send, so it also replaces the cache-control that @fastify/static gives the docs UI's files.
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
    return payload;
  });
}
