import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import type { App } from '../lib/http.ts';

/** OpenAPI generated from the routes' zod schemas; interactive docs and the JSON at /api/docs. */
export async function registerOpenApi(app: App, version: string): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: { title: `${app.config.appName} API`, version },
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
