import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll } from 'vitest';
import { type AppDeps, buildApp } from '../src/app.ts';
import { type Config, loadConfig } from '../src/config.ts';
import type { Db } from '../src/db/connection.ts';
import type { App } from '../src/lib/http.ts';
import type { Mailer, MailMessage } from '../src/lib/mailer.ts';
import { createTestDatabase, type TestDatabase } from './database.ts';

/** A mailer that keeps messages in memory; tests of real SMTP delivery use smtp-server instead. */
export class MemoryMailer implements Mailer {
  readonly sent: MailMessage[] = [];
  async send(message: MailMessage): Promise<void> {
    this.sent.push(message);
  }
  last(to?: string): MailMessage | undefined {
    return [...this.sent].reverse().find((m) => !to || m.to === to);
  }
}

export interface TestContext {
  app: App;
  database: TestDatabase;
  mailer: MemoryMailer;
  config: Config;
  close(): Promise<void>;
}

export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'centavo-data-')),
    APP_URL: 'https://app.centavo.test',
    JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789',
    WEB_DIST: join(tmpdir(), 'centavo-no-web'),
    ...overrides,
  });
}

/** A fresh app on a fresh database of the run's dialect (TEST_DB). */
export async function createTestApp(
  env: Record<string, string> = {},
  mailer?: Mailer,
  deps: Pick<AppDeps, 'clock'> = {},
): Promise<TestContext> {
  const database = await createTestDatabase();
  const config = testConfig(env);
  const memory = new MemoryMailer();
  // Errors are logged (with stacks) so a rare 5xx in CI can be diagnosed from the run's output.
  const app = await buildApp(config, {
    database,
    mailer: mailer ?? memory,
    logger: { level: process.env.TEST_LOG_LEVEL ?? 'error' },
    ...deps,
  });
  await app.ready();
  return {
    app,
    database,
    mailer: memory,
    config,
    async close() {
      await app.close();
      await database.destroy();
    },
  };
}

export interface TestUser {
  id: number;
  email: string;
  password: string;
  token: string;
  /** inject() with this user's bearer token. */
  request(options: InjectOptions): Promise<LightMyRequestResponse>;
}

let counter = 0;

/**
 * Inserts a user row directly (no HTTP, no e-mail), verified, with a password hash no password matches.
 * Identity tests register through the API instead.
 */
export async function insertUser(
  db: Db,
  name = 'Test User',
  languageId = 1,
): Promise<{ id: number; email: string }> {
  counter += 1;
  const email = `user${counter}-${Date.now()}@example.com`;
  const now = new Date().toISOString();
  const row = await db
    .insertInto('users')
    .values({
      name,
      email,
      email_normalized: email,
      // Never verified by these tests: a placeholder hash no password matches.
      password_hash: '$argon2id$v=19$m=19456,t=2,p=1$placeholder$placeholder',
      email_verified_at: now,
      language_id: languageId,
      currency_id: 4,
      country_id: 32,
      stripe_customer_id: null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, email };
}

/** `insertUser` plus an access token: for tests of features other than identity. */
export async function createUser(ctx: TestContext, name = 'Test User', languageId = 1): Promise<TestUser> {
  const { id, email } = await insertUser(ctx.database.db, name, languageId);
  const token = ctx.app.accessTokens.sign(id);
  return {
    id,
    email,
    password: 'not-a-real-password',
    token,
    request: (options) =>
      ctx.app.inject({ ...options, headers: { ...options.headers, authorization: `Bearer ${token}` } }),
  };
}

/**
 * The head of most API test files: one app on a fresh database for the whole file, created as the file loads
 * (`const ctx = await appForFile()`, top-level await) and closed after its last test.
 */
export async function appForFile(env: Record<string, string> = {}): Promise<TestContext> {
  const ctx = await createTestApp(env);
  afterAll(() => ctx.close());
  return ctx;
}

/** `appForFile` with one signed-in user: `const { ctx, user } = await appWithUser()`. */
export async function appWithUser(name?: string): Promise<{ ctx: TestContext; user: TestUser }> {
  const ctx = await appForFile();
  return { ctx, user: await createUser(ctx, name) };
}
