import { describe, expect, it } from 'vitest';
import { formatExpiry } from './offer-countdown';

const NOW = Date.parse('2026-01-10T12:00:00Z');
const at = (ms: number) => new Date(NOW + ms).toISOString();
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('formatExpiry', () => {
  it('says days and hours, then hours and minutes, then minutes', () => {
    expect(formatExpiry(at(7 * DAY - 1), NOW)).toBe('Expires in 6 days 23 h');
    expect(formatExpiry(at(7 * DAY), NOW)).toBe('Expires in 7 days');
    expect(formatExpiry(at(DAY + 2 * HOUR), NOW)).toBe('Expires in 1 day 2 h');
    expect(formatExpiry(at(4 * HOUR + 5 * MINUTE), NOW)).toBe('Expires in 4 h 5 min');
    expect(formatExpiry(at(3 * HOUR), NOW)).toBe('Expires in 3 h');
    expect(formatExpiry(at(3 * MINUTE + 10_000), NOW)).toBe('Expires in 3 min');
    expect(formatExpiry(at(20_000), NOW)).toBe('Expires in less than a minute');
  });

  it('says Expired once the time is over', () => {
    expect(formatExpiry(at(0), NOW)).toBe('Expired');
    expect(formatExpiry(at(-DAY), NOW)).toBe('Expired');
  });
});
