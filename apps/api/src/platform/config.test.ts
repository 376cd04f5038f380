import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

// Found from this file's place in the repository, independently of the code under test.
const repositoryRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..');

function configError(environment: Record<string, string>): ConfigError {
  try {
    loadConfig(environment);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('loadConfig', () => {
  it('the repository root found by the test is the workspace root', () => {
    const manifest = JSON.parse(readFileSync(resolve(repositoryRoot, 'package.json'), 'utf8')) as {
      workspaces?: string[];
    };
    expect(manifest.workspaces).toBeDefined();
  });

  it('needs no variable: working defaults', () => {
    expect(loadConfig({})).toEqual({
      nodeEnv: 'development',
      offersPerHour: 30,
      host: '0.0.0.0',
      port: 3000,
      publicUrl: 'http://localhost:3000',
      databaseUrl: undefined,
      dataDir: resolve(repositoryRoot, 'data'),
      seedDemo: undefined,
      logLevel: 'info',
      trustProxy: false,
      serveWeb: true,
      webDistDir: resolve(repositoryRoot, 'apps', 'web', 'dist'),
      databasePoolMax: 10,
      bodyLimitBytes: 1024 * 1024,
      passwordHashing: { concurrency: 2, queueLimit: 32 },
      overload: { maxEventLoopDelayMs: 2000, maxHeapBytes: undefined },
      redisUrl: undefined,
      addressRateLimitScale: 1,
      paymentAttemptLimits: { perBuyer: 10, perAddress: 20 },
      jwtSecret: undefined,
      smtpUrl: undefined,
      mailFrom: 'TeamHire <no-reply@teamhire.local>',
      uploadsDir: resolve(repositoryRoot, 'data', 'uploads'),
      storage: { driver: 'local' },
      paymentProvider: 'test',
      stripe: undefined,
      chatRateLimits: { messagesPerMinute: 60, uploadsPerMinute: 20 },
      chatUploadQuotaBytes: 5 * 1024 ** 3,
      autoCompleteDays: 3,
      platformFeePercent: 10,
      jobsEnabled: true,
      initialAdmin: undefined,
    });
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '', SERVE_WEB: '' })).toEqual(loadConfig({}));
  });

  it('reads every variable', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: '8080',
      PUBLIC_URL: 'https://teamhire.example.com/',
      DATABASE_URL: 'postgresql://app:secret@db:5432/teamhire',
      DATA_DIR: '/var/lib/teamhire',
      SEED_DEMO: 'no',
      LOG_LEVEL: 'warn',
      TRUST_PROXY: '1',
      SERVE_WEB: 'false',
      WEB_DIST_DIR: '/srv/web',
      DATABASE_POOL_MAX: '25',
      BODY_LIMIT_BYTES: '2048',
      PASSWORD_HASH_CONCURRENCY: '4',
      PASSWORD_HASH_QUEUE_MAX: '100',
      OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '500',
      OVERLOAD_MAX_HEAP_MB: '1024',
      REDIS_URL: 'redis://cache:6379',
      ADDRESS_RATE_LIMIT_SCALE: '50',
      PAYMENT_ATTEMPTS_PER_BUYER: '12',
      PAYMENT_ATTEMPTS_PER_ADDRESS: '40',
      OFFERS_PER_HOUR: '12',
      JWT_SECRET: 'a-secret-of-at-least-thirty-two-characters',
      SMTP_URL: 'smtps://mailer:pass@smtp.example.com:465',
      MAIL_FROM: 'TeamHire <hello@teamhire.example.com>',
      ADMIN_EMAIL: 'root@teamhire.example.com',
      ADMIN_USERNAME: 'root',
      ADMIN_PASSWORD: 'correct horse battery',
      PAYMENT_PROVIDER: 'test',
      CHAT_MESSAGES_PER_MINUTE: '30',
      CHAT_UPLOADS_PER_MINUTE: '5',
      CHAT_UPLOAD_QUOTA_BYTES: '1073741824',
      AUTO_COMPLETE_DAYS: '5',
      PLATFORM_FEE_PERCENT: '12',
      JOBS_ENABLED: 'false',
      STORAGE_DRIVER: 's3',
      S3_ENDPOINT: 'http://objects.internal:9000',
      S3_REGION: 'eu-west-1',
      S3_BUCKET: 'teamhire-files',
      S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
      S3_SECRET_ACCESS_KEY: 'secret-access-key',
      S3_FORCE_PATH_STYLE: 'true',
    });
    expect(config).toEqual({
      nodeEnv: 'production',
      offersPerHour: 12,
      host: '127.0.0.1',
      port: 8080,
      publicUrl: 'https://teamhire.example.com',
      databaseUrl: 'postgresql://app:secret@db:5432/teamhire',
      dataDir: '/var/lib/teamhire',
      seedDemo: false,
      logLevel: 'warn',
      trustProxy: true,
      serveWeb: false,
      webDistDir: '/srv/web',
      databasePoolMax: 25,
      bodyLimitBytes: 2048,
      passwordHashing: { concurrency: 4, queueLimit: 100 },
      overload: { maxEventLoopDelayMs: 500, maxHeapBytes: 1024 * 1024 * 1024 },
      redisUrl: 'redis://cache:6379',
      addressRateLimitScale: 50,
      paymentAttemptLimits: { perBuyer: 12, perAddress: 40 },
      jwtSecret: 'a-secret-of-at-least-thirty-two-characters',
      smtpUrl: 'smtps://mailer:pass@smtp.example.com:465',
      mailFrom: 'TeamHire <hello@teamhire.example.com>',
      uploadsDir: '/var/lib/teamhire/uploads',
      storage: {
        driver: 's3',
        endpoint: 'http://objects.internal:9000',
        region: 'eu-west-1',
        bucket: 'teamhire-files',
        accessKeyId: 'AKIAEXAMPLE',
        secretAccessKey: 'secret-access-key',
        forcePathStyle: true,
      },
      paymentProvider: 'test',
      stripe: undefined,
      chatRateLimits: { messagesPerMinute: 30, uploadsPerMinute: 5 },
      chatUploadQuotaBytes: 1024 ** 3,
      autoCompleteDays: 5,
      platformFeePercent: 12,
      jobsEnabled: false,
      initialAdmin: {
        email: 'root@teamhire.example.com',
        username: 'root',
        password: 'correct horse battery',
      },
    });
  });

  it('takes Stripe with its three keys, and fails fast naming each one missing', () => {
    const keys = {
      STRIPE_SECRET_KEY: 'sk_test_123',
      STRIPE_WEBHOOK_SECRET: 'whsec_456',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_789',
    };
    expect(loadConfig({ PAYMENT_PROVIDER: 'stripe', ...keys })).toMatchObject({
      paymentProvider: 'stripe',
      stripe: { secretKey: 'sk_test_123', webhookSecret: 'whsec_456', publishableKey: 'pk_test_789' },
    });
    const error = configError({ PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: keys.STRIPE_SECRET_KEY });
    expect(error.problems.map((problem) => problem.split(':')[0]).sort()).toEqual([
      'STRIPE_PUBLISHABLE_KEY',
      'STRIPE_WEBHOOK_SECRET',
    ]);
    expect(
      configError({ PAYMENT_PROVIDER: 'stripe', ...keys, STRIPE_SECRET_KEY: 'pk_live_1' }).problems,
    ).toEqual([expect.stringContaining('STRIPE_SECRET_KEY')]);
    // The keys alone choose nothing: without PAYMENT_PROVIDER the test mode runs.
    expect(loadConfig(keys).stripe).toBeUndefined();
  });

  it('fails fast when the s3 driver is chosen and a required variable is missing, naming each', () => {
    const error = configError({ STORAGE_DRIVER: 's3', S3_BUCKET: 'files' });
    expect(error.problems.map((problem) => problem.split(':')[0]).sort()).toEqual([
      'S3_ACCESS_KEY_ID',
      'S3_REGION',
      'S3_SECRET_ACCESS_KEY',
    ]);
    expect(error.message).toContain('required when STORAGE_DRIVER is s3');
  });

  it('needs no S3 variable for the local driver, and no endpoint for AWS S3 itself', () => {
    expect(loadConfig({ STORAGE_DRIVER: 'local' }).storage).toEqual({ driver: 'local' });
    const aws = loadConfig({
      STORAGE_DRIVER: 's3',
      S3_REGION: 'us-east-1',
      S3_BUCKET: 'files',
      S3_ACCESS_KEY_ID: 'id',
      S3_SECRET_ACCESS_KEY: 'key',
    }).storage;
    expect(aws).toMatchObject({ driver: 's3', endpoint: undefined, forcePathStyle: false });
  });

  it('derives the public URL from the port when none is given', () => {
    expect(loadConfig({ PORT: '4100' }).publicUrl).toBe('http://localhost:4100');
  });

  it('resolves a relative DATA_DIR and WEB_DIST_DIR against the repository root, not the working directory', () => {
    const config = loadConfig({ DATA_DIR: 'data/test', WEB_DIST_DIR: './build/web' });
    expect(config.dataDir).toBe(resolve(repositoryRoot, 'data', 'test'));
    expect(config.webDistDir).toBe(resolve(repositoryRoot, 'build', 'web'));
    expect(existsSync(resolve(config.dataDir, '..', '..', 'package.json'))).toBe(true);
  });

  it('lists every bad variable in one ConfigError', () => {
    const error = configError({
      PORT: 'abc',
      DATABASE_URL: 'mysql://x',
      SERVE_WEB: 'maybe',
      LOG_LEVEL: 'loud',
      BODY_LIMIT_BYTES: '10',
      PAYMENT_PROVIDER: 'stripe-live',
    });
    const variables = error.problems.map((problem) => problem.split(':')[0]);
    expect(variables.sort()).toEqual([
      'BODY_LIMIT_BYTES',
      'DATABASE_URL',
      'LOG_LEVEL',
      'PAYMENT_PROVIDER',
      'PORT',
      'SERVE_WEB',
    ]);
    expect(error.message).toContain('PORT');
    expect(error.message).toContain('DATABASE_URL');
    expect(error.problems.find((problem) => problem.startsWith('DATABASE_URL'))).toContain('postgres://');
  });

  it.each([
    ['PORT', '70000'],
    ['PORT', '-1'],
    ['DATABASE_URL', 'not a url'],
    ['PUBLIC_URL', 'ftp://example.com'],
    ['DATABASE_POOL_MAX', '0'],
    ['TRUST_PROXY', 'TRUE!'],
    ['NODE_ENV', 'staging'],
    ['STORAGE_DRIVER', 'ftp'],
    ['S3_ENDPOINT', 'not a url'],
    ['S3_FORCE_PATH_STYLE', 'perhaps'],
  ])('refuses %s=%s', (name, value) => {
    const error = configError({ [name]: value });
    expect(error.problems.length).toBeGreaterThan(0);
    for (const problem of error.problems) expect(problem).toMatch(new RegExp(`^${name}: `));
  });
});
