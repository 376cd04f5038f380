import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatDate, formatMoney, formatMonthLabel, formatNumber, formatRelativeTime } from './format';

describe('formatRelativeTime', () => {
  const now = new Date('2025-06-15T12:00:00Z');
  const ago = (ms: number) => new Date(now.getTime() - ms);

  it.each([
    [0, 'Just now'],
    [59_000, 'Just now'],
    [60_000, '1m ago'],
    [59 * 60_000, '59m ago'],
    [60 * 60_000, '1h ago'],
    [23 * 3_600_000 + 59 * 60_000, '23h ago'],
    [24 * 3_600_000, '1d ago'],
    [6 * 86_400_000, '6d ago'],
  ])('%i ms ago reads %s', (elapsed, expected) => {
    expect(formatRelativeTime(ago(elapsed), now)).toBe(expected);
  });

  it('shows a date from seven days on', () => {
    expect(formatRelativeTime(ago(7 * 86_400_000), now)).toMatch(/Jun 8, 2025/);
  });

  it('accepts ISO strings', () => {
    expect(formatRelativeTime('2025-06-15T11:30:00Z', now)).toBe('30m ago');
  });
});

describe('number formatting', () => {
  it('groups thousands', () => {
    expect(formatNumber(1234567)).toBe('1,234,567');
    expect(formatNumber(0)).toBe('0');
  });

  it('formats dollars with cents', () => {
    expect(formatMoney(499.99)).toBe('$499.99');
    expect(formatMoney(1500)).toBe('$1,500.00');
  });

  it('turns timeline labels into month names', () => {
    expect(formatMonthLabel('2025-01')).toBe('Jan 2025');
    expect(formatMonthLabel('2024-12')).toBe('Dec 2024');
    expect(formatMonthLabel('2025-13')).toBe('2025-13');
    expect(formatMonthLabel('soon')).toBe('soon');
  });
});

describe('the hand-written en-US formats', () => {
  const intlNumber = new Intl.NumberFormat('en-US');
  const intlMoney = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
  const intlDate = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
  const intlMonth = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', timeZone: 'UTC' });
  const anyNumber = fc.oneof(
    fc.integer({ min: -2_000_000_000, max: 2_000_000_000 }),
    fc.double({ noNaN: false }),
    fc.double({ min: -1e7, max: 1e7 }),
    fc.integer({ min: -10_000_000, max: 10_000_000 }).map((cents) => cents / 100),
    fc.constantFrom(0, -0, 0.005, 1.005, -0.001, 2.675, 1e15, -1e15, 1e21, Infinity, -Infinity, NaN),
  );

  it('writes numbers as Intl does', () => {
    fc.assert(
      fc.property(anyNumber, (value) => formatNumber(value) === intlNumber.format(value)),
      { numRuns: 5000 },
    );
  });

  it('writes dollar amounts as Intl does', () => {
    fc.assert(
      fc.property(anyNumber, (value) => formatMoney(value) === intlMoney.format(value)),
      { numRuns: 5000 },
    );
  });

  it('writes dates as Intl does, in the local time zone', () => {
    const anyDate = fc.date({
      min: new Date(-62_000_000_000_000),
      max: new Date(260_000_000_000_000),
      noInvalidDate: true,
    });
    fc.assert(fc.property(anyDate, (date) => formatDate(date) === intlDate.format(date)));
    fc.assert(fc.property(anyDate, (date) => formatDate(date.toISOString()) === intlDate.format(date)));
    expect(() => formatDate('not a date')).toThrow(RangeError);
  });

  it('writes timeline months as Intl does', () => {
    const anyLabel = fc
      .tuple(fc.integer({ min: 0, max: 9999 }), fc.integer({ min: 1, max: 12 }))
      .map(
        ([year, month]) =>
          [year, month, `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}`] as const,
      );
    fc.assert(
      fc.property(
        anyLabel,
        ([year, month, label]) =>
          formatMonthLabel(label) === intlMonth.format(new Date(Date.UTC(year, month - 1, 1))),
      ),
    );
  });
});
