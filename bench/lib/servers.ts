import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { dataDir, type Server, startFixture } from './proc.ts';

export const JWT_SECRET = 'bench-secret-bench-secret-bench-secret-0123456789';

export interface AppServerOptions {
  databaseUrl: string;
  /** Signs a token for this user (a dataset's user); otherwise a fresh user is inserted when createUser. */
  userId?: number;
  createUser?: boolean;
  webDist?: string;
  env?: Record<string, string>;
}

/** The real app (buildApp) in its own process, LOG_LEVEL=silent, listening on a free port. */
export function startApp(options: AppServerOptions): Promise<Server> {
  const dir = join(dataDir, 'run');
  mkdirSync(dir, { recursive: true });
  return startFixture('app-server.ts', {
    DATA_DIR: dir,
    DATABASE_URL: options.databaseUrl,
    JWT_SECRET,
    WEB_DIST: options.webDist ?? join(dir, 'no-web'),
    BENCH_USER_ID: options.userId === undefined ? '' : String(options.userId),
    BENCH_CREATE_USER: options.createUser ? '1' : '',
    ...options.env,
  });
}

/** The framework floor: bare Fastify, logger off, GET /bare answers a small JSON. */
export function startBare(): Promise<Server> {
  return startFixture('bare-server.ts', {});
}

export function bearer(server: Server): Record<string, string> {
  const token = server.info.token;
  if (typeof token !== 'string') throw new Error('the app server has no signed-in user');
  return { authorization: `Bearer ${token}` };
}
