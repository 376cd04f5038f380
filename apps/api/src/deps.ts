import type pg from 'pg';
import type { Config } from './config';
import type { Database } from './db/database';
import type { AccessTokens } from './modules/accounts/access-tokens';
import type { PasswordHasher } from './modules/accounts/password';
import type { Mailer } from './modules/mail/mailer';
import type { PaymentProvider } from './modules/payments/payment-provider';
import type { RateLimiter } from './modules/rate-limit/rate-limiter';
import type { RealtimeBus } from './modules/realtime/realtime-bus';
import type { Authenticator } from './plugins/authentication';
import type { Storage } from './plugins/storage';

/** What every module's routes receive from buildApp. */
export interface AppDeps {
  config: Config;
  db: Database;
  pool: pg.Pool;
  accessTokens: AccessTokens;
  authenticator: Authenticator;
  mailer: Mailer;
  limiter: RateLimiter;
  /** Every password hash of a request goes through it: bounded concurrency and waiting list. */
  passwordHasher: PasswordHasher;
  bus: RealtimeBus;
  /** The one clock of the app: timers and the times they compare read it, so tests can move time. */
  clock: Clock;
  /** The gateway purchases and refunds go through; PAYMENT_PROVIDER picks it, tests may pass their own. */
  paymentProvider: PaymentProvider;
  /** Where uploaded files live (STORAGE_DRIVER: the local disk or an S3-compatible bucket). */
  storage: Storage;
}

export type Clock = () => Date;
