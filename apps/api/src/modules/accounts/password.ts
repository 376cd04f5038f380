import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

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
