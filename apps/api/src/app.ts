import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
  LogController,
} from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import { type DatabaseHandle, type Db, type DbKind, openDatabase } from './db/connection.ts';
import { migrateToLatest } from './db/migrate.ts';
import type { App } from './lib/http.ts';
import { AccessTokens } from './lib/jwt.ts';
import { createMailer, type Mailer } from './lib/mailer.ts';
import { keepNextTickShape, releaseStartupMemory } from './lib/startup-memory.ts';
import { modules } from './modules/index.ts';
import { registerAuth } from './plugins/auth.ts';
import { frameworkErrors, registerErrorHandling } from './plugins/errors.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { type RateLimitStore, registerRateLimit } from './plugins/rate-limit.ts';
import { registerSecurity } from './plugins/security.ts';
import { createSerializerCompiler } from './plugins/serializer.ts';
import { registerWeb } from './plugins/web.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    dbKind: DbKind;
    mailer: Mailer;
    accessTokens: AccessTokens;
  }
}

const here = dirname(fileURLToPath(import.meta.url));
export const VERSION: string = JSON.parse(readFileSync(join(here, '../package.json'), 'utf8')).version;

export interface AppDeps {
  /** An open, migrated database; when absent buildApp opens `config.databaseUrl` and migrates it. */
  database?: DatabaseHandle;
  mailer?: Mailer;
  /** Rate-limit counters; default: Redis when REDIS_URL is set, else in memory. Tests share one between apps. */
  rateLimitStore?: RateLimitStore;
  logger?: FastifyServerOptions['logger'];
  /** Registers the OpenAPI plugins at start-up instead of on the first /api/docs request (`app.swagger()`). */
  eagerDocs?: boolean;
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

/** pino's level check; a logger without one (Fastify's null logger) is simply called. */
const debugEnabled = (log: FastifyBaseLogger) =>
  (log as { isLevelEnabled?: (level: string) => boolean }).isLevelEnabled?.('debug') ?? true;

/**
 * Fastify's per-request lines ("incoming request", "request completed") at debug instead of info: two pino
 * lines cost ~55 µs of CPU on a request that otherwise costs ~25 µs (measured in a CPU profile), and a
 * proxy in front keeps access logs anyway. `LOG_LEVEL=debug` brings them back. Errors are still logged at
 * error level: the error handler's 5xx lines, and Fastify's own "request errored" when a response fails.
 */
export class RequestLogController extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    if (debugEnabled(request.log)) request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(
    error: Error | null | undefined,
    _request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (error) {
      reply.log.error({ res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    } else if (debugEnabled(reply.log)) {
      reply.log.debug({ res: reply, responseTime: reply.elapsedTime }, 'request completed');
    }
  }
}

/** Registers plugins, then modules; never listens (tests use inject, server.ts listens). */
export async function buildApp(config: Config, deps: AppDeps = {}): Promise<App> {
  // Before start-up's full collections: one of them could otherwise cost every later request (startup-memory.ts).
  keepNextTickShape();
  const ownsDatabase = !deps.database;
  // A checkpoint failing before the app (and its logger) exists is reported once the app does.
  const pendingErrors: Error[] = [];
  let logCheckpointError: (error: Error) => void = (error) => pendingErrors.push(error);
  const database =
    deps.database ??
    openDatabase(config.databaseUrl, { onCheckpointError: (error) => logCheckpointError(error) });
  if (ownsDatabase) await migrateToLatest(database.db, database.kind);

  const serializerCompiler = createSerializerCompiler({ validate: config.env !== 'production' });
  const app = Fastify({
    // LOG_LEVEL=silent: no logger at all, so Fastify skips the per-request child logger (and the check of it
    // that a custom child factory costs on every request).
    logger: deps.logger ?? (config.logLevel === 'silent' ? false : loggerOptions(config)),
    logController: new RequestLogController(),
    bodyLimit: config.bodyLimit,
    trustProxy: config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    frameworkErrors,
    // zod validates and our serializer writes: given here, Fastify never loads its Ajv and
    // fast-json-stringify compilers (a fifth of start-up CPU) only to have them replaced.
    schemaController: {
      compilersFactory: {
        buildValidator: () => validatorCompiler as never,
        buildSerializer: () => serializerCompiler as never,
      },
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.decorate('config', config);
  app.decorate('db', database.db);
  app.decorate('dbKind', database.kind);
  app.decorate('mailer', deps.mailer ?? createMailer(config, app.log));
  app.decorate('accessTokens', new AccessTokens(config.jwtSecret));
  if (ownsDatabase) app.addHook('onClose', async () => database.close());
  logCheckpointError = (error) => app.log.warn({ err: error }, 'SQLite WAL checkpoint failed');
  for (const error of pendingErrors.splice(0)) logCheckpointError(error);

  registerErrorHandling(app);
  registerSecurity(app);
  await registerOpenApi(app, VERSION, { eager: deps.eagerDocs });
  registerAuth(app);
  registerRateLimit(app, deps.rateLimitStore);

  await app.register(
    async (api) => {
      for (const mod of modules) await api.register(mod);
    },
    { prefix: '/api/v1' },
  );

  const webDist = config.webDist ? resolve(config.webDist) : resolve(here, '../../web/dist');
  await registerWeb(app, webDist);
  // Start-up's garbage and its young generation given back before the server idles (startup-memory.ts); only
  // when listening (server.ts, the benchmarks), never under inject (tests).
  app.addHook('onListen', async () => releaseStartupMemory());
  return app;
}
