import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { AppError } from '../errors';

/** OWASP's scrypt recommendation: N=2^17, r=8, p=1; the parameters travel with each hash. */
const DEFAULT_COST_LOG2 = 17;
const BLOCK_SIZE = 8;
const PARALLELISM = 1;
const KEY_LENGTH = 64;
const SALT_LENGTH = 16;

function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  const cost = options.N ?? 2 ** DEFAULT_COST_LOG2;
  const blockSize = options.r ?? BLOCK_SIZE;
  // scrypt needs 128 * N * r bytes; Node's default ceiling (32 MiB) is below that for N=2^17.
  const maxmem = 128 * cost * blockSize + 16 * 1024 * 1024;
  return new Promise((resolveKey, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { ...options, maxmem }, (error, key) =>
      error ? reject(error) : resolveKey(key),
    );
  });
}

/** Format: `scrypt$<log2 N>$<r>$<p>$<salt base64>$<key base64>`. */
export async function hashPassword(password: string, costLog2 = DEFAULT_COST_LOG2): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const key = await derive(password, salt, { N: 2 ** costLog2, r: BLOCK_SIZE, p: PARALLELISM });
  return ['scrypt', costLog2, BLOCK_SIZE, PARALLELISM, salt.toString('base64'), key.toString('base64')].join(
    '$',
  );
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, costLog2, blockSize, parallelism, saltText, keyText] = stored.split('$');
  if (scheme !== 'scrypt' || !costLog2 || !blockSize || !parallelism || !saltText || !keyText) return false;
  const expected = Buffer.from(keyText, 'base64');
  const actual = await derive(password, Buffer.from(saltText, 'base64'), {
    N: 2 ** Number(costLog2),
    r: Number(blockSize),
    p: Number(parallelism),
  });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(password: string, stored: string): Promise<boolean>;
}

/** How long a client refused by a full hashing queue is asked to wait. */
export const HASHING_RETRY_AFTER_SECONDS = 5;

/**
 * Every hash of a request goes through here: at most `concurrency` run at once (each holds 128 MiB
 * and a thread for about 0.3 s) and at most `queueLimit` wait. A burst beyond that is refused at
 * once with 503 and Retry-After, instead of growing memory without bound or letting every request
 * wait so long that its database connections time out.
 */
export function createPasswordHasher(options: { concurrency: number; queueLimit: number }): PasswordHasher {
  let running = 0;
  const waiting: (() => void)[] = [];

  const run = async <T>(work: () => Promise<T>): Promise<T> => {
    if (running >= options.concurrency) {
      if (waiting.length >= options.queueLimit) {
        throw new AppError(
          'unavailable',
          'The server is busy. Please try again in a few seconds.',
          undefined,
          { retryAfterSeconds: HASHING_RETRY_AFTER_SECONDS },
        );
      }
      // The finishing job hands its slot over directly, so `running` stays counted.
      await new Promise<void>((resolveTurn) => waiting.push(resolveTurn));
    } else {
      running += 1;
    }
    try {
      return await work();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running -= 1;
    }
  };

  return {
    hash: (password) => run(() => hashPassword(password)),
    verify: (password, stored) => run(() => verifyPassword(password, stored)),
  };
}
