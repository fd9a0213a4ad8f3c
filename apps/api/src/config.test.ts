import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('configuration', () => {
  it('applies the documented defaults', () => {
    const config = loadConfig({ DATA_DIR: '/tmp/centavo-config-test', JWT_SECRET: 'x'.repeat(40) });
    expect(config.port).toBe(3000);
    expect(config.host).toBe('127.0.0.1');
    expect(config.databaseUrl).toBe('sqlite:/tmp/centavo-config-test/centavo.db');
    expect(config.appUrl).toBe('http://localhost:3000');
    expect(config.billingEnabled).toBe(false);
    expect(config.smtpUrl).toBeUndefined();
  });

  it.each([
    ['PORT', 'eighty'],
    ['DATABASE_URL', 'mysql://nope'],
    ['APP_URL', 'not a url'],
    ['SMTP_URL', 'http://mail'],
    ['JWT_SECRET', 'short'],
    ['REDIS_URL', 'localhost:6379'],
  ])('rejects a bad %s with a message naming it', (name, value) => {
    expect(() => loadConfig({ [name]: value, DATA_DIR: '/tmp/centavo-config-test' })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value, DATA_DIR: '/tmp/centavo-config-test' })).toThrow(
      new RegExp(`${name}:`),
    );
  });

  it('turns billing on only with a Stripe secret key', () => {
    const config = loadConfig({
      DATA_DIR: '/tmp/centavo-config-test',
      JWT_SECRET: 'x'.repeat(40),
      STRIPE_SECRET_KEY: 'sk_test_123456',
    });
    expect(config.billingEnabled).toBe(true);
  });
});
