import { describe, expect, it } from 'vitest';
import { bannerGradient, percentText, responseTimeText, teamInitials } from './team-page-display';

describe('team page figures', () => {
  it('words the median response time by its size', () => {
    expect(responseTimeText(null)).toBeNull();
    expect(responseTimeText(42)).toBe('Under a minute');
    expect(responseTimeText(25 * 60)).toBe('25 min');
    expect(responseTimeText(3 * 3600 + 600)).toBe('3 h');
    expect(responseTimeText(86_400)).toBe('1 day');
    expect(responseTimeText(5 * 86_400)).toBe('5 days');
  });

  it('writes a rate as a whole percentage', () => {
    expect(percentText(null)).toBeNull();
    expect(percentText(0.916)).toBe('92%');
    expect(percentText(1)).toBe('100%');
    expect(percentText(0)).toBe('0%');
  });

  it('takes two initials for the logo', () => {
    expect(teamInitials('Pixel Forge Studio')).toBe('PF');
    expect(teamInitials('nimbus')).toBe('NI');
    expect(teamInitials('  ')).toBe('?');
  });

  it('gives every team of a category the same banner', () => {
    expect(bannerGradient({ id: 3 })).toBe(bannerGradient({ id: 3 }));
    expect(bannerGradient({ id: 3 })).not.toBe(bannerGradient({ id: 4 }));
    expect(bannerGradient(null)).toMatch(/^from-/);
  });
});
