import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyRequest, type FastifyServerOptions, LogController } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import { type DatabaseHandle, type Db, type DbKind, openDatabase } from './db/connection.ts';
import { migrateToLatest } from './db/migrate.ts';
import type { App } from './lib/http.ts';
import { AccessTokens } from './lib/jwt.ts';
import { createMailer, type Mailer } from './lib/mailer.ts';
import { decorateBilling } from './modules/billing/index.ts';
import { modules } from './modules/index.ts';
import { enforceEntitlement, requireAccessDeclarations } from './plugins/access.ts';
import { registerAuth } from './plugins/auth.ts';
import { frameworkErrors, registerErrorHandling } from './plugins/errors.ts';
import { registerInputChecks } from './plugins/input.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { registerRateLimit } from './plugins/rate-limit.ts';
import { registerSecurity } from './plugins/security.ts';
import { registerWeb } from './plugins/web.ts';
import { VERSION } from './version.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    dbKind: DbKind;
    mailer: Mailer;
    accessTokens: AccessTokens;
    /** Milliseconds since the epoch; tests inject a clock (TOTP time steps, issue 22). */
    clock: () => number;
  }
}

const here = dirname(fileURLToPath(import.meta.url));

export interface AppDeps {
  /** An open, migrated database; when absent buildApp opens `config.databaseUrl` and migrates it. */
  database?: DatabaseHandle;
  mailer?: Mailer;
  logger?: FastifyServerOptions['logger'];
  /** The TOTP clock; Date.now unless a test moves time itself. */
  clock?: () => number;
}

/** E-mail links carry one-time tokens in the query (`/auth/reset-password?token=…`): logs show them redacted. */
export function redactUrl(url: string): string {
  return url.replace(/([?&](?:token|code|state)=)[^&#]*/gi, '$1[redacted]');
}

/** The production logger: credentials in headers, bodies and URLs never reach the log. */
export function loggerOptions(config: Config) {
  return {
    level: config.logLevel,
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.refresh_token', '*.token'],
      censor: '[redacted]',
    },
    serializers: {
      req: (req: FastifyRequest) => ({
        method: req.method,
        url: redactUrl(req.url),
        host: req.host,
        remoteAddress: req.ip,
        remotePort: req.socket?.remotePort,
      }),
    },
  } satisfies FastifyServerOptions['logger'];
}

/** Registers plugins, then modules; never listens (tests use inject, server.ts listens). */
export async function buildApp(config: Config, deps: AppDeps = {}): Promise<App> {
  const ownsDatabase = !deps.database;
  const database = deps.database ?? openDatabase(config.databaseUrl);
  if (ownsDatabase) await migrateToLatest(database.db, database.kind);

  const app = Fastify({
    logger: deps.logger ?? (config.logLevel === 'silent' ? false : loggerOptions(config)),
    // Fastify's line per request in and out only at LOG_LEVEL debug or trace: a proxy in front keeps access
    // logs anyway. Failures are logged by the error handler (plugins/errors.ts) at every level.
    logController: new LogController({
      disableRequestLogging: !['debug', 'trace'].includes(config.logLevel),
    }),
    bodyLimit: config.bodyLimit,
    trustProxy: config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    frameworkErrors,
  }).withTypeProvider<ZodTypeProvider>();
  // zod validates requests and writes responses: only what a response schema declares is sent, and a
  // response that does not match it is a logged 500 (plugins/errors.ts).
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.decorate('config', config);
  app.decorate('db', database.db);
  app.decorate('dbKind', database.kind);
  app.decorate('mailer', deps.mailer ?? createMailer(config, app.log));
  app.decorate('accessTokens', new AccessTokens(config.jwtSecret));
  app.decorate('clock', deps.clock ?? Date.now);
  if (ownsDatabase) app.addHook('onClose', async () => database.close());

  registerErrorHandling(app);
  registerInputChecks(app);
  registerSecurity(app);
  await registerOpenApi(app, VERSION);
  registerAuth(app);
  requireAccessDeclarations(app);
  decorateBilling(app);
  enforceEntitlement(app);
  await registerRateLimit(app);

  await app.register(
    async (api) => {
      for (const mod of modules) await api.register(mod);
    },
    { prefix: '/api/v1' },
  );

  const webDist = config.webDist ? resolve(config.webDist) : resolve(here, '../../web/dist');
  await registerWeb(app, webDist);
  return app;
}
