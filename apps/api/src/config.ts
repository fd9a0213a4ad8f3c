import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { APP_NAME_DEFAULT } from '@centavo/shared';
import { z } from 'zod';
import { type SignInConfig, signInConfig, signInEnvShape } from './config.sign-in.ts';

const optionalUrl = z.url().optional();
const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);

/** Every environment variable of DESIGN.md §1; parsed once at start-up. */
const envSchema = z.object({
  NODE_ENV: z.preprocess(
    emptyToUndefined,
    z.enum(['development', 'production', 'test']).default('production'),
  ),
  PORT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(65535).default(3000)),
  HOST: z.preprocess(emptyToUndefined, z.string().min(1).default('127.0.0.1')),
  APP_NAME: z.preprocess(emptyToUndefined, z.string().min(1).default(APP_NAME_DEFAULT)),
  APP_URL: z.preprocess(emptyToUndefined, optionalUrl),
  DATA_DIR: z.preprocess(emptyToUndefined, z.string().min(1).default('./data')),
  DATABASE_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^(sqlite:.+|postgres(ql)?:\/\/.+)$/, 'must be sqlite:<path> or postgres://…')
      .optional(),
  ),
  JWT_SECRET: z.preprocess(emptyToUndefined, z.string().min(32, 'must be at least 32 characters').optional()),
  SMTP_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^smtps?:\/\//, 'must be smtp:// or smtps://')
      .optional(),
  ),
  MAIL_FROM: z.preprocess(emptyToUndefined, z.string().min(3).default('Centavo <no-reply@centavo.local>')),
  STRIPE_SECRET_KEY: z.preprocess(emptyToUndefined, z.string().min(8).optional()),
  STRIPE_WEBHOOK_SECRET: z.preprocess(emptyToUndefined, z.string().min(8).optional()),
  STRIPE_PRICE_MONTHLY: z.preprocess(emptyToUndefined, z.string().min(1).optional()),
  STRIPE_PRICE_YEARLY: z.preprocess(emptyToUndefined, z.string().min(1).optional()),
  STRIPE_API_BASE: z.preprocess(emptyToUndefined, optionalUrl),
  REGISTER_THANK_YOU_URL: z.preprocess(emptyToUndefined, optionalUrl),
  CHECKOUT_THANK_YOU_URL_MONTHLY: z.preprocess(emptyToUndefined, optionalUrl),
  CHECKOUT_THANK_YOU_URL_YEARLY: z.preprocess(emptyToUndefined, optionalUrl),
  REDIS_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^rediss?:\/\//, 'must be redis://…')
      .optional(),
  ),
  LOG_LEVEL: z.preprocess(
    emptyToUndefined,
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ),
  WEB_DIST: z.preprocess(emptyToUndefined, z.string().optional()),
  BODY_LIMIT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1024).default(1_048_576)),
  TRUST_PROXY: z.preprocess(emptyToUndefined, z.enum(['true', 'false']).default('false')),
  // Social sign-in and 2FA (issue 22): config.sign-in.ts.
  ...signInEnvShape,
});

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  appName: string;
  appUrl: string;
  dataDir: string;
  databaseUrl: string;
  jwtSecret: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  stripe: {
    secretKey: string | undefined;
    webhookSecret: string | undefined;
    priceMonthly: string | undefined;
    priceYearly: string | undefined;
    apiBase: string | undefined;
  };
  registerThankYouUrl: string | undefined;
  checkoutThankYouUrlMonthly: string | undefined;
  checkoutThankYouUrlYearly: string | undefined;
  redisUrl: string | undefined;
  logLevel: string;
  webDist: string | undefined;
  bodyLimit: number;
  /** Only behind a known proxy may X-Forwarded-For decide the client IP (rate limits, logs). */
  trustProxy: boolean;
  billingEnabled: boolean;
  /** OpenID providers and the TOTP secrets' key (config.sign-in.ts). */
  signIn: SignInConfig;
}

export class ConfigError extends Error {}

/** Parses the environment; a bad value throws a ConfigError naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const e = parsed.data;
  const signIn = signInConfig(e);
  if (signIn.problems.length > 0) {
    throw new ConfigError(`Invalid configuration:\n  ${signIn.problems.join('\n  ')}`);
  }
  const dataDir = resolve(e.DATA_DIR);
  const appUrl = (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    appName: e.APP_NAME,
    appUrl,
    dataDir,
    databaseUrl: e.DATABASE_URL ?? `sqlite:${join(dataDir, 'centavo.db')}`,
    jwtSecret: e.JWT_SECRET ?? persistentSecret(dataDir),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    stripe: {
      secretKey: e.STRIPE_SECRET_KEY,
      webhookSecret: e.STRIPE_WEBHOOK_SECRET,
      priceMonthly: e.STRIPE_PRICE_MONTHLY,
      priceYearly: e.STRIPE_PRICE_YEARLY,
      apiBase: e.STRIPE_API_BASE,
    },
    registerThankYouUrl: e.REGISTER_THANK_YOU_URL,
    checkoutThankYouUrlMonthly: e.CHECKOUT_THANK_YOU_URL_MONTHLY,
    checkoutThankYouUrlYearly: e.CHECKOUT_THANK_YOU_URL_YEARLY,
    redisUrl: e.REDIS_URL,
    logLevel: e.LOG_LEVEL,
    webDist: e.WEB_DIST,
    bodyLimit: e.BODY_LIMIT,
    trustProxy: e.TRUST_PROXY === 'true',
    billingEnabled: Boolean(e.STRIPE_SECRET_KEY),
    signIn: signIn.config,
  };
}

/** When JWT_SECRET is unset the secret is generated once and kept in DATA_DIR, so tokens survive restarts. */
function persistentSecret(dataDir: string): string {
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
