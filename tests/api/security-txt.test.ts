import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config';
import { createTestApp, type TestApp } from '../support/app';

// /.well-known/security.txt (RFC 9116; docs/decisions/081-security-page-and-security-txt.md): the operator's
// contact and an expiry from config, and where the security page is.

describe('security.txt', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      APP_URL: 'https://app.chairnotes.example',
      SECURITY_CONTACT: 'mailto:security@practice-software.example',
      SECURITY_TXT_EXPIRES: '2027-06-30T00:00:00Z',
    });
  });
  afterAll(() => t.close());

  it('names the contact, the expiry, the canonical address and the policy, as plain text', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/.well-known/security.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.body).toBe(
      [
        'Contact: mailto:security@practice-software.example',
        'Expires: 2027-06-30T00:00:00Z',
        'Preferred-Languages: en',
        'Canonical: https://app.chairnotes.example/.well-known/security.txt',
        'Policy: https://app.chairnotes.example/security',
        '',
      ].join('\n'),
    );
  });

  it('may be cached for a day, so a changed contact reaches readers within one', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/.well-known/security.txt' });
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
  });
});

describe('security.txt configuration', () => {
  it('expires 180 days after the start when no date is given, as RFC 9116 wants under a year', () => {
    const before = Date.now();
    const expires = loadConfig({}).SECURITY_TXT_EXPIRES.getTime();
    const day = 24 * 60 * 60 * 1000;
    expect(expires).toBeGreaterThanOrEqual(before + 180 * day);
    expect(expires).toBeLessThanOrEqual(Date.now() + 180 * day);
  });

  it('refuses a contact that is neither mailto: nor https:, and a date that is not one', () => {
    expect(() => loadConfig({ SECURITY_CONTACT: 'security@example.com' })).toThrow(
      /SECURITY_CONTACT: a mailto: or https: address/,
    );
    expect(() => loadConfig({ SECURITY_CONTACT: 'http://example.com/report' })).toThrow(/SECURITY_CONTACT/);
    expect(() => loadConfig({ SECURITY_TXT_EXPIRES: 'next year' })).toThrow(/SECURITY_TXT_EXPIRES/);
  });
});
