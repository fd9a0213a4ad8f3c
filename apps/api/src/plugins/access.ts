import { subscriptionRequired } from '../lib/errors.ts';
import type { App } from '../lib/http.ts';
import { accessOf } from '../modules/billing/entitlement.ts';

/**
 * What a route that changes data changes, declared on the route (`config: { access }`):
 * - `finance-write`: the user's finance data (accounts, entries, cards, budgets…); the subscription issue
 *   refuses these when the user's access is read-only (DESIGN.md §6);
 * - `open`: identity, preferences, billing — always allowed to a signed-in user (or public);
 * - `read`: a POST that only reads (a custom report), allowed like a GET.
 */
export type RouteAccess = 'finance-write' | 'open' | 'read';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
  interface FastifyInstance {
    /** `METHOD url` → what the API route writes (reads: 'read'); the entitlement matrix test walks it. */
    routeAccess: Map<string, RouteAccess>;
  }
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Every API route that is not a read must say what it writes: a route added without `config.access` stops
 * the app from starting (and so fails every test), so the entitlement check cannot miss a new write route.
 */
export function requireAccessDeclarations(app: App): void {
  const table = new Map<string, RouteAccess>();
  app.decorate('routeAccess', table);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/v1/')) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      table.set(
        `${String(method)} ${route.url}`,
        route.config?.access ?? (READS.has(String(method)) ? 'read' : 'open'),
      );
    }
    if (methods.every((m) => READS.has(String(m)))) return;
    if (!route.config?.access) {
      throw new Error(
        `${methods.join(',')} ${route.url} must declare config.access ('finance-write' | 'open' | 'read')`,
      );
    }
  });
}

/**
 * The one place entitlement is enforced (DESIGN.md §6): a route that declares `finance-write` answers 403
 * SUBSCRIPTION_REQUIRED to a read-only user; reads, exports and `open`/`read` routes never ask. It runs after
 * each module's authentication hook (onRequest) and decides from the user row that hook already read, so it
 * costs no query. With billing off everybody is full.
 */
export function enforceEntitlement(app: App): void {
  if (!app.config.billingEnabled) return;
  // Callback style, not async: no promise per request on the hot path of every route.
  app.addHook('preValidation', (request, _reply, done) => {
    const user = request.user;
    const refused =
      request.routeOptions.config.access === 'finance-write' &&
      user &&
      accessOf(user.row, true) === 'read_only';
    done(refused ? subscriptionRequired() : undefined);
  });
}
