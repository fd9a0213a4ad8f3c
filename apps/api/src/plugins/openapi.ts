import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import Fastify from 'fastify';
import type { App } from '../lib/http.ts';

/** @fastify/swagger (routes' zod schemas → OpenAPI) and its UI, on `app`, at /api/docs. */
async function registerSwagger(app: FastifyInstance, appName: string, version: string): Promise<void> {
  const [{ default: swagger }, { default: swaggerUi }, { jsonSchemaTransform, jsonSchemaTransformObject }] =
    await Promise.all([
      import('@fastify/swagger'),
      import('@fastify/swagger-ui'),
      import('fastify-type-provider-zod'),
    ]);
  await app.register(swagger, {
    openapi: {
      info: { title: `${appName} API`, version },
      servers: [{ url: '/' }],
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: false,
    uiConfig: { docExpansion: 'list', deepLinking: false },
  });
}

/** Only these headers of the documentation app's answers are passed on; the API's own (security, no-store) stay. */
const FORWARDED_HEADERS = ['content-type', 'location'] as const;

/**
 * OpenAPI generated from the routes' zod schemas; interactive docs and the JSON at /api/docs.
 *
 * Lazy by default: the swagger plugins, yaml and @fastify/static are ~130 modules, a sixth of what the
 * server loads, for pages few requests ask for. Routes are recorded as they are added; the first /api/docs
 * request builds a separate Fastify instance with the plugins and the same routes (schemas only), and
 * /api/docs/* requests are answered by it through inject. `eager` registers the plugins on the app itself
 * (tests read `app.swagger()` synchronously).
 */
export async function registerOpenApi(
  app: App,
  version: string,
  options: { eager?: boolean } = {},
): Promise<void> {
  const appName = app.config.appName;
  if (options.eager) {
    await registerSwagger(app as unknown as FastifyInstance, appName, version);
    return;
  }
  const routes: RouteOptions[] = [];
  app.addHook('onRoute', (route) => {
    // HEAD twins are added again by the documentation app's own GET routes.
    if (route.method === 'HEAD' || route.url.startsWith('/api/docs')) return;
    routes.push(route as unknown as RouteOptions);
  });
  let docs: Promise<FastifyInstance> | undefined;
  const buildDocs = async () => {
    const docsApp: FastifyInstance = Fastify({
      logger: false,
      // The recorded routes never run here: schemas are only read by the OpenAPI generator.
      schemaController: {
        compilersFactory: {
          buildValidator: () => (() => () => true) as never,
          buildSerializer: () => () => (data: unknown) => JSON.stringify(data),
        },
      },
    });
    await registerSwagger(docsApp, appName, version);
    for (const route of routes) {
      docsApp.route({
        method: route.method,
        url: route.url,
        schema: route.schema,
        ...(route.config ? { config: route.config } : {}),
        handler: async () => null,
      });
    }
    await docsApp.ready();
    return docsApp;
  };
  const forward = async (request: FastifyRequest, reply: FastifyReply) => {
    docs ??= buildDocs().catch((error: unknown) => {
      docs = undefined;
      throw error;
    });
    const res = await (await docs).inject({ method: request.method as 'GET', url: request.url });
    reply.code(res.statusCode);
    for (const name of FORWARDED_HEADERS) {
      const value = res.headers[name];
      if (value !== undefined) reply.header(name, value);
    }
    // A redirect has no body and no type: sending an empty Buffer would label it application/octet-stream.
    return res.rawPayload.length === 0 ? reply.send() : reply.send(res.rawPayload);
  };
  const hidden = { schema: { hide: true } };
  app.get('/api/docs', hidden, forward);
  app.get('/api/docs/*', hidden, forward);
}
