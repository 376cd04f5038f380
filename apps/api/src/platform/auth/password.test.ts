import { describe, expect, it } from 'vitest';
import { AppError } from '../errors';
import { createPasswordHasher, hashPassword } from './password';

describe('password hasher', () => {
  it('runs at most `concurrency` hashes at once and refuses beyond the waiting list with 503', async () => {
    const hasher = createPasswordHasher({ concurrency: 2, queueLimit: 3 });
    const stored = await hashPassword('a-good-password', 10);
    const outcomes = await Promise.allSettled(
      Array.from({ length: 8 }, () => hasher.verify('a-good-password', stored)),
    );
    const passed = outcomes.filter((outcome) => outcome.status === 'fulfilled');
    const refused = outcomes.filter((outcome) => outcome.status === 'rejected');
    expect(passed).toHaveLength(5);
    for (const outcome of passed) expect(outcome.value).toBe(true);
    expect(refused).toHaveLength(3);
    for (const outcome of refused) {
      const reason = outcome.reason as AppError;
      expect(reason).toBeInstanceOf(AppError);
      expect(reason.code).toBe('unavailable');
      expect(reason.options.retryAfterSeconds).toBeGreaterThan(0);
    }
    // Once the burst has passed, the hasher takes work again.
    expect(await hasher.verify('wrong', stored)).toBe(false);
  });
});
