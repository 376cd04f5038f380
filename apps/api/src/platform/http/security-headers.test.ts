import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { isApiPath, securityHeaders } from './security-headers';

const configFor = (publicUrl: string) =>
  loadConfig({ PUBLIC_URL: publicUrl, DATABASE_URL: 'postgres://localhost/unused' });

describe('security headers', () => {
  it("are helmet's, computed once: the full set for pages, the data set for API answers", () => {
    const { document, api } = securityHeaders(configFor('http://localhost:3000'));
    expect(document['content-security-policy']).toContain("script-src 'self'");
    expect(document['x-frame-options']).toBe('SAMEORIGIN');
    expect(document['x-content-type-options']).toBe('nosniff');
    expect(document['cross-origin-opener-policy']).toBe('same-origin');
    expect(document['strict-transport-security']).toBeUndefined();
    expect(api).toEqual({
      'content-security-policy': "default-src 'none';frame-ancestors 'none'",
      'cross-origin-resource-policy': 'same-origin',
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
    });
    expect(Object.isFrozen(api) && Object.isFrozen(document)).toBe(true);
  });

  it('add HSTS to both sets, and upgrade insecure requests on pages, behind an https address', () => {
    const { document, api } = securityHeaders(configFor('https://teamhire.example'));
    for (const set of [document, api]) {
      expect(set['strict-transport-security']).toBe('max-age=15552000; includeSubDomains');
    }
    expect(document['content-security-policy']).toContain('upgrade-insecure-requests');
  });

  it('tell API paths from pages, the API documentation being pages', () => {
    expect(isApiPath('/api/service-packages?skip=0')).toBe(true);
    expect(isApiPath('/api/chat-files/1')).toBe(true);
    expect(isApiPath('/api/docs')).toBe(false);
    expect(isApiPath('/api/docs/static/index.css')).toBe(false);
    expect(isApiPath('/')).toBe(false);
    expect(isApiPath('/assets/app.js')).toBe(false);
    expect(isApiPath('/apiary')).toBe(false);
  });
});
