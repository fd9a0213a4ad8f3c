import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { App } from '../lib/http.ts';

/**
 * Serves the built web app: hashed files under /assets are immutable for a year; every other non-API GET
 * that accepts HTML gets index.html (SPA fallback). Unknown /api paths stay JSON 404s.
 */
export async function registerWeb(app: App, distDir: string): Promise<boolean> {
  const indexFile = join(distDir, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn({ distDir }, 'web app not built: only the API is served');
    return false;
  }
  const indexHtml = readFileSync(indexFile);
  // Imported here: an API-only process (no web build) never loads it.
  const { default: fastifyStatic } = await import('@fastify/static');
  await app.register(fastifyStatic, {
    root: distDir,
    wildcard: false,
    index: false,
    // The build writes .br and .gz next to each asset (scripts/lib.mjs); they are sent when the browser accepts them.
    preCompressed: true,
    setHeaders(res, path) {
      if (path.includes(`${join(distDir, 'assets')}`)) {
        res.header('cache-control', 'public, max-age=31536000, immutable');
      } else {
        res.header('cache-control', 'no-cache');
      }
    },
  });
  app.get('/*', { schema: { hide: true } }, async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (path.startsWith('/api/') || path === '/api') {
      return reply.callNotFound();
    }
    const file = join(distDir, decodeURIComponent(path));
    if (file.startsWith(distDir) && path !== '/' && existsSync(file) && !file.endsWith('/')) {
      return reply.sendFile(path.slice(1));
    }
    return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(indexHtml);
  });
  return true;
}
