import { describe, expect, it } from 'vitest';
import { formatItemMonth, formatPeriod } from './profile-dates';

describe('formatPeriod', () => {
  it("reads 'May 2021 – Present' while current", () => {
    expect(formatPeriod({ start_date: '2021-05-14', end_date: null, current: true })).toBe(
      'May 2021 – Present',
    );
  });

  it('shows both months when ended, the start alone when the end is unknown', () => {
    expect(formatPeriod({ start_date: '2018-01-01', end_date: '2020-12-31', current: false })).toBe(
      'Jan 2018 – Dec 2020',
    );
    expect(formatPeriod({ start_date: '2018-01-01', end_date: null, current: false })).toBe('Jan 2018');
  });

  it('does not move a first-of-month date into the previous month in any time zone', () => {
    expect(formatItemMonth('2021-05-01')).toBe('May 2021');
  });
});
