import { isAbsolute, resolve } from 'node:path';
import { z } from 'zod';
import {
  CHAT_MESSAGES_PER_MINUTE,
  CHAT_UPLOAD_QUOTA_BYTES_DEFAULT,
  CHAT_UPLOADS_PER_MINUTE,
  OFFERS_PER_HOUR,
  PAYMENT_PROVIDERS,
  PLATFORM_FEE_PERCENT_DEFAULT,
  type PaymentProviderName,
} from '@teamhire/shared';
import { REPO_ROOT, WEB_DIST_DIR } from '../paths';

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const urlWithProtocols = (protocols: string[]) =>
  z
    .string()
    .url()
    .refine((value) => protocols.some((protocol) => value.startsWith(`${protocol}:`)), {
      message: `must start with ${protocols.map((protocol) => `${protocol}://`).join(' or ')}`,
    });

const environmentSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  PUBLIC_URL: urlWithProtocols(['http', 'https']).optional(),
  DATABASE_URL: urlWithProtocols(['postgres', 'postgresql']).optional(),
  DATA_DIR: z.string().min(1).default('data'),
  SEED_DEMO: booleanFromEnv.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: booleanFromEnv.default(false),
  SERVE_WEB: booleanFromEnv.default(true),
  WEB_DIST_DIR: z.string().min(1).optional(),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
  REDIS_URL: urlWithProtocols(['redis', 'rediss']).optional(),
  ADDRESS_RATE_LIMIT_SCALE: z.coerce.number().int().min(1).max(10_000).default(1),
  /** Purchase attempts one buyer may make in an hour; a declined card counts twice. */
  PAYMENT_ATTEMPTS_PER_BUYER: z.coerce.number().int().min(1).max(1_000_000).default(10),
  /** Purchase attempts from one client address in an hour (scaled by ADDRESS_RATE_LIMIT_SCALE). */
  PAYMENT_ATTEMPTS_PER_ADDRESS: z.coerce.number().int().min(1).max(1_000_000).default(20),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SMTP_URL: urlWithProtocols(['smtp', 'smtps']).optional(),
  MAIL_FROM: z.string().min(3).default('TeamHire <no-reply@teamhire.local>'),
  ADMIN_EMAIL: z.string().email().optional(),
  ADMIN_USERNAME: z.string().min(3).optional(),
  ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
  /** Which payment gateway takes the money: the built-in test mode, or Stripe with the three keys below. */
  PAYMENT_PROVIDER: z.enum(PAYMENT_PROVIDERS).default('test'),
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_/, 'must be a Stripe secret key (sk_…)')
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_/, 'must be a Stripe webhook secret (whsec_…)')
    .optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().regex(/^pk_/, 'must be a Stripe publishable key (pk_…)').optional(),
  PASSWORD_HASH_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
  PASSWORD_HASH_QUEUE_MAX: z.coerce.number().int().min(0).max(10_000).default(32),
  OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).default(2000),
  OVERLOAD_MAX_HEAP_MB: z.coerce.number().int().min(0).optional(),
  /** Days after the latest delivery when the system accepts it for a buyer who did nothing. */
  AUTO_COMPLETE_DAYS: z.coerce.number().int().min(1).max(60).default(3),
  /** The marketplace's whole-percent share of every completed order; the rest goes to the team. */
  PLATFORM_FEE_PERCENT: z.coerce.number().int().min(0).max(100).default(PLATFORM_FEE_PERCENT_DEFAULT),
  /** Whether this process runs the timers (auto-complete, pending expiry, due reminders). */
  JOBS_ENABLED: booleanFromEnv.default(true),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(10 * 1024 * 1024)
    .default(1024 * 1024),
  CHAT_MESSAGES_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(CHAT_MESSAGES_PER_MINUTE),
  CHAT_UPLOADS_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(CHAT_UPLOADS_PER_MINUTE),
  CHAT_UPLOAD_QUOTA_BYTES: z.coerce.number().int().min(0).default(CHAT_UPLOAD_QUOTA_BYTES_DEFAULT),
  OFFERS_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(OFFERS_PER_HOUR),
  /** Where uploaded files live: DATA_DIR/uploads, or an S3-compatible bucket every instance shares. */
  STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
  /** Unset: AWS S3 itself; set for an S3-compatible store (MinIO, Ceph, R2, ...). */
  S3_ENDPOINT: urlWithProtocols(['http', 'https']).optional(),
  S3_REGION: z.string().min(1).optional(),
  S3_BUCKET: z.string().min(1).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** Bucket in the path rather than the host name, as most S3-compatible stores want. */
  S3_FORCE_PATH_STYLE: booleanFromEnv.default(false),
});

/** The variables the s3 driver cannot do without. */
const S3_REQUIRED = ['S3_REGION', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;

export type StorageConfig =
  | { driver: 'local' }
  | {
      driver: 's3';
      endpoint: string | undefined;
      region: string;
      bucket: string;
      accessKeyId: string;
      secretAccessKey: string;
      forcePathStyle: boolean;
    };

export interface Config {
  nodeEnv: 'development' | 'production' | 'test';
  host: string;
  port: number;
  publicUrl: string;
  databaseUrl: string | undefined;
  dataDir: string;
  /** Undefined means: decide by the database (demo data only for the embedded default on an empty database). */
  seedDemo: boolean | undefined;
  logLevel: string;
  trustProxy: boolean;
  serveWeb: boolean;
  webDistDir: string;
  databasePoolMax: number;
  bodyLimitBytes: number;
  /** Password hashes computed at once (each holds 128 MiB for about 0.3 s) and allowed to wait. */
  passwordHashing: { concurrency: number; queueLimit: number };
  /**
   * Above these the server answers 503 with Retry-After instead of taking more work; 0 turns a check
   * off. Unset heap: 90 % of the V8 heap limit.
   */
  overload: { maxEventLoopDelayMs: number; maxHeapBytes: number | undefined };
  /** Unset: a key generated once and kept in the database, shared by every instance. */
  /** Unset: realtime events stay inside this process (one instance). */
  redisUrl: string | undefined;
  /** Multiplies every per-address limit; raised only where many clients share one address (the browser journeys). */
  addressRateLimitScale: number;
  /**
   * Purchase attempts per hour, counted before the payment provider is called so that card testing
   * stops at the limit; a declined attempt counts twice.
   */
  paymentAttemptLimits: { perBuyer: number; perAddress: number };
  jwtSecret: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  uploadsDir: string;
  /** STORAGE_DRIVER and, for s3, the bucket; the local driver keeps files under uploadsDir. */
  storage: StorageConfig;
  paymentProvider: PaymentProviderName;
  /** Set exactly when the provider is Stripe; every key is then required. */
  stripe: StripeConfig | undefined;
  /** Chat messages and files one user or guest may send through the REST API per minute. */
  chatRateLimits: { messagesPerMinute: number; uploadsPerMinute: number };
  /** Bytes of chat files one user or guest may keep stored, counted from the stored files. */
  chatUploadQuotaBytes: number;
  /** Custom offers one user may send per hour, across their teams' conversations. */
  offersPerHour: number;
  autoCompleteDays: number;
  platformFeePercent: number;
  jobsEnabled: boolean;
  initialAdmin: { email: string; username: string | undefined; password: string } | undefined;
}

export interface StripeConfig {
  secretKey: string;
  webhookSecret: string;
  publishableKey: string;
}

const STRIPE_VARIABLES = ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_PUBLISHABLE_KEY'] as const;

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid environment:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
  }
}

/** Parses the environment once at start; every bad variable is listed, not just the first. */
export function loadConfig(environment: NodeJS.ProcessEnv = process.env): Config {
  const blankAsUnset = Object.fromEntries(
    Object.entries(environment).filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = environmentSchema.safeParse(blankAsUnset);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  const env = parsed.data;
  // Variables that only a chosen driver needs: every one missing is named, in one error.
  const missing = [
    ...(env.PAYMENT_PROVIDER === 'stripe'
      ? STRIPE_VARIABLES.filter((name) => env[name] === undefined).map(
          (name) => `${name}: required when PAYMENT_PROVIDER is stripe`,
        )
      : []),
    ...(env.STORAGE_DRIVER === 's3'
      ? S3_REQUIRED.filter((name) => env[name] === undefined).map(
          (name) => `${name}: required when STORAGE_DRIVER is s3`,
        )
      : []),
  ];
  if (missing.length > 0) throw new ConfigError(missing);
  const fromRepo = (path: string) => (isAbsolute(path) ? path : resolve(REPO_ROOT, path));
  return {
    nodeEnv: env.NODE_ENV,
    host: env.HOST,
    port: env.PORT,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ''),
    databaseUrl: env.DATABASE_URL,
    dataDir: fromRepo(env.DATA_DIR),
    seedDemo: env.SEED_DEMO,
    logLevel: env.LOG_LEVEL,
    trustProxy: env.TRUST_PROXY,
    serveWeb: env.SERVE_WEB,
    webDistDir: env.WEB_DIST_DIR ? fromRepo(env.WEB_DIST_DIR) : WEB_DIST_DIR,
    databasePoolMax: env.DATABASE_POOL_MAX,
    bodyLimitBytes: env.BODY_LIMIT_BYTES,
    passwordHashing: { concurrency: env.PASSWORD_HASH_CONCURRENCY, queueLimit: env.PASSWORD_HASH_QUEUE_MAX },
    overload: {
      maxEventLoopDelayMs: env.OVERLOAD_MAX_EVENT_LOOP_DELAY_MS,
      maxHeapBytes:
        env.OVERLOAD_MAX_HEAP_MB === undefined ? undefined : env.OVERLOAD_MAX_HEAP_MB * 1024 * 1024,
    },
    redisUrl: env.REDIS_URL,
    addressRateLimitScale: env.ADDRESS_RATE_LIMIT_SCALE,
    paymentAttemptLimits: {
      perBuyer: env.PAYMENT_ATTEMPTS_PER_BUYER,
      perAddress: env.PAYMENT_ATTEMPTS_PER_ADDRESS,
    },
    jwtSecret: env.JWT_SECRET,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    paymentProvider: env.PAYMENT_PROVIDER,
    stripe:
      env.PAYMENT_PROVIDER === 'stripe'
        ? {
            secretKey: env.STRIPE_SECRET_KEY!,
            webhookSecret: env.STRIPE_WEBHOOK_SECRET!,
            publishableKey: env.STRIPE_PUBLISHABLE_KEY!,
          }
        : undefined,
    autoCompleteDays: env.AUTO_COMPLETE_DAYS,
    platformFeePercent: env.PLATFORM_FEE_PERCENT,
    jobsEnabled: env.JOBS_ENABLED,
    uploadsDir: resolve(fromRepo(env.DATA_DIR), 'uploads'),
    storage:
      env.STORAGE_DRIVER === 's3'
        ? {
            driver: 's3',
            endpoint: env.S3_ENDPOINT,
            region: env.S3_REGION!,
            bucket: env.S3_BUCKET!,
            accessKeyId: env.S3_ACCESS_KEY_ID!,
            secretAccessKey: env.S3_SECRET_ACCESS_KEY!,
            forcePathStyle: env.S3_FORCE_PATH_STYLE,
          }
        : { driver: 'local' },
    chatRateLimits: {
      messagesPerMinute: env.CHAT_MESSAGES_PER_MINUTE,
      uploadsPerMinute: env.CHAT_UPLOADS_PER_MINUTE,
    },
    chatUploadQuotaBytes: env.CHAT_UPLOAD_QUOTA_BYTES,
    offersPerHour: env.OFFERS_PER_HOUR,
    initialAdmin:
      env.ADMIN_EMAIL && env.ADMIN_PASSWORD
        ? { email: env.ADMIN_EMAIL, username: env.ADMIN_USERNAME, password: env.ADMIN_PASSWORD }
        : undefined,
  };
}
