import type pg from 'pg';
import type { Config } from './config';
import type { Database } from '../db/database';
import type { AccessTokens } from './auth/access-tokens';
import type { PasswordHasher } from './auth/password';
import type { Mailer } from './mail/mailer';
import type { PaymentProvider } from './payments/payment-provider';
import type { RateLimiter } from './rate-limit/rate-limiter';
import type { EventBus } from './events';
import type { RealtimeBus } from './realtime/realtime-bus';
import type { Authenticator } from './auth/authentication';
import type { Storage } from './storage';

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
  /** Domain events in process: what a module committed, for its subscribers (wired in app.ts). */
  events: EventBus;
  /** The one clock of the app: timers and the times they compare read it, so tests can move time. */
  clock: Clock;
  /** The gateway purchases and refunds go through; PAYMENT_PROVIDER picks it, tests may pass their own. */
  paymentProvider: PaymentProvider;
  /** Where uploaded files live (STORAGE_DRIVER: the local disk or an S3-compatible bucket). */
  storage: Storage;
}

export type Clock = () => Date;
