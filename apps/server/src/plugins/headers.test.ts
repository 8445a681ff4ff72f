import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../../test/app';

// Issue 19, point 3: over plain http the browser must not be told to upgrade to https, or the web app is blank
// on every PC but the server itself.
let plain: TestApp;
let proxied: TestApp;
beforeAll(async () => {
  plain = await testApp();
  proxied = await testApp({ TRUST_PROXY: 'true' });
});
afterAll(async () => {
  await plain.close();
  await proxied.close();
});

const headersOf = async (t: TestApp, headers: Record<string, string> = {}) =>
  (await t.app.inject({ method: 'GET', url: '/filter/health', headers })).headers;

describe('security headers', () => {
  it('sends neither upgrade-insecure-requests nor HSTS over plain http', async () => {
    for (const h of [await headersOf(plain), await headersOf(proxied)]) {
      expect(String(h['content-security-policy'])).toContain("default-src 'self'");
      expect(String(h['content-security-policy'])).not.toContain('upgrade-insecure-requests');
      expect(h['strict-transport-security']).toBeUndefined();
      expect(h['cross-origin-opener-policy']).toBeUndefined();
    }
  });

  it('ignores X-Forwarded-Proto unless TRUST_PROXY says the proxy is trusted', async () => {
    const h = await headersOf(plain, { 'x-forwarded-proto': 'https' });
    expect(String(h['content-security-policy'])).not.toContain('upgrade-insecure-requests');
    expect(h['strict-transport-security']).toBeUndefined();
  });

  it('sends both when a trusted proxy says the request came over https', async () => {
    const h = await headersOf(proxied, { 'x-forwarded-proto': 'https' });
    expect(String(h['content-security-policy'])).toContain('upgrade-insecure-requests');
    expect(h['strict-transport-security']).toMatch(/max-age=\d+/);
    expect(h['cross-origin-opener-policy']).toBe('same-origin');
  });
});
