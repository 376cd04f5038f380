import { describe, expect, it } from 'vitest';
import { cardBrandOf, expiryYearChoices, isCardExpired, normalizeCardNumber, passesLuhn } from './billing';
import { TEST_CARDS, allowedOrderTransitions } from './orders';

describe('card helpers', () => {
  it('accepts the test cards and refuses a changed digit by the Luhn check', () => {
    for (const number of Object.values(TEST_CARDS)) expect(passesLuhn(number), number).toBe(true);
    expect(passesLuhn('4242424242424241')).toBe(false);
    expect(passesLuhn('4242 4242 4242 4242')).toBe(false);
    expect(passesLuhn(normalizeCardNumber('4242 4242-4242 4242'))).toBe(true);
  });

  it.each([
    ['4242424242424242', 'visa'],
    ['5555555555554444', 'mastercard'],
    ['2223003122003222', 'mastercard'],
    ['378282246310005', 'amex'],
    ['6011111111111117', 'discover'],
    ['3056930009020004', 'diners'],
    ['3566002020360505', 'jcb'],
    ['6200000000000005', 'unionpay'],
    ['9999999999999995', 'unknown'],
  ])('names the brand of %s: %s', (number, brand) => {
    expect(cardBrandOf(number)).toBe(brand);
  });

  it('keeps a card valid through its expiry month', () => {
    const now = new Date(Date.UTC(2026, 10, 23));
    expect(isCardExpired(11, 2026, now)).toBe(false);
    expect(isCardExpired(10, 2026, now)).toBe(true);
    expect(isCardExpired(1, 2027, now)).toBe(false);
    expect(isCardExpired(12, 2025, now)).toBe(true);
  });

  it('offers ten expiry years from the current one', () => {
    expect(expiryYearChoices(new Date(Date.UTC(2026, 0, 1)))).toEqual([
      2026, 2027, 2028, 2029, 2030, 2031, 2032, 2033, 2034, 2035,
    ]);
  });

  it('combines the transitions of every role the caller holds, in lifecycle order', () => {
    expect(allowedOrderTransitions('confirmed', ['buyer'])).toEqual(['cancelled']);
    expect(allowedOrderTransitions('confirmed', ['admin', 'team', 'buyer'])).toEqual([
      'in_progress',
      'cancelled',
      'refunded',
    ]);
    expect(allowedOrderTransitions('pending', ['buyer', 'team', 'admin'])).toEqual([]);
  });
});
