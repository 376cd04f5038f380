import { describe, expect, it } from 'vitest';
import {
  ERROR_CODES,
  ERROR_KINDS,
  errorResponseSchema,
  KIND_OF_SPECIFIC_CODE,
  SPECIFIC_ERROR_CODES,
} from './errors';
import { paymentDeclinedResponseSchema } from './orders';

describe('error codes', () => {
  it('are snake_case and listed once: the kinds, then the specific codes', () => {
    expect(new Set(ERROR_CODES).size).toBe(ERROR_CODES.length);
    for (const code of ERROR_CODES) expect(code).toMatch(/^[a-z]+(_[a-z]+)*$/);
    expect([...ERROR_CODES]).toEqual([...ERROR_KINDS, ...SPECIFIC_ERROR_CODES]);
  });

  it('give each specific code a kind, which is not itself specific', () => {
    expect(Object.keys(KIND_OF_SPECIFIC_CODE).sort()).toEqual([...SPECIFIC_ERROR_CODES].sort());
    for (const kind of Object.values(KIND_OF_SPECIFIC_CODE)) expect(ERROR_KINDS).toContain(kind);
  });

  it('are required on every error answer, and only known ones', () => {
    expect(errorResponseSchema.safeParse({ detail: 'Team not found' }).success).toBe(false);
    expect(errorResponseSchema.safeParse({ code: 'Team not found', detail: 'Team not found' }).success).toBe(
      false,
    );
    expect(errorResponseSchema.parse({ code: 'not_found', detail: 'Team not found' })).toEqual({
      code: 'not_found',
      detail: 'Team not found',
    });
  });

  it('reach the 402 of a declined payment too', () => {
    const declined = { detail: 'Your card was declined.', order_id: 7, payment_status: 'failed' as const };
    expect(paymentDeclinedResponseSchema.parse(declined)).toEqual({ code: 'payment_declined', ...declined });
  });
});
