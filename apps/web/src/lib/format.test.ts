import { describe, expect, it } from 'vitest';
import { formatMoney, formatMonthLabel, formatNumber, formatRelativeTime } from './format';

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
