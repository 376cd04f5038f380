import { describe, expect, it } from 'vitest';
import { returnPath } from './return-path';

describe('returnPath', () => {
  it('goes to the dashboard without a remembered page', () => {
    expect(returnPath(undefined)).toBe('/dashboard');
    expect(returnPath(null)).toBe('/dashboard');
    expect(returnPath({ other: 1 })).toBe('/dashboard');
  });

  it('returns to the remembered page with its query and hash', () => {
    expect(returnPath({ from: { pathname: '/orders', search: '?tab=open', hash: '#top' } })).toBe(
      '/orders?tab=open#top',
    );
  });

  it('never leaves the app or loops back to a guest page', () => {
    expect(returnPath({ from: { pathname: '//evil.example/x' } })).toBe('/dashboard');
    expect(returnPath({ from: { pathname: 'https://evil.example' } })).toBe('/dashboard');
    expect(returnPath({ from: { pathname: '/login' } })).toBe('/dashboard');
    expect(returnPath({ from: { pathname: '/register', search: '?upgrade_guest=true' } })).toBe('/dashboard');
  });
});
