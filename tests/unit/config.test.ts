import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config';

describe('TRUST_PROXY', () => {
  it('unset trusts no proxy: the socket address is the client', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: ' ' }).TRUST_PROXY).toBe(false);
  });

  it('a hop count trusts that many proxies in front', () => {
    const trust = loadConfig({ TRUST_PROXY: '2' }).TRUST_PROXY as (address: string, hop: number) => boolean;
    expect([0, 1, 2].map((hop) => trust('10.0.0.1', hop))).toEqual([true, true, false]);
  });

  it('takes a comma list of addresses and CIDR ranges, IPv4 and IPv6', () => {
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.0.2.7,::1, fd00::/8' }).TRUST_PROXY).toEqual([
      '10.0.0.0/8',
      '192.0.2.7',
      '::1',
      'fd00::/8',
    ]);
  });

  it('stops at start on anything else, naming the variable and the wrong part', () => {
    const cases: [string, string][] = [
      ['true', 'true'],
      ['10.0.0.0/33', '10.0.0.0/33'],
      ['10.0.0.1, proxy.internal', 'proxy.internal'],
      ['10.0.0.1,', ''],
    ];
    for (const [value, wrong] of cases) {
      expect(() => loadConfig({ TRUST_PROXY: value }), value).toThrow(
        new RegExp(`Invalid environment: TRUST_PROXY: .*'${wrong.replaceAll('.', '\\.')}'`),
      );
    }
  });
});

describe('METRICS_TOKEN', () => {
  it('unset (or blank) leaves metrics off; a short token stops the start, naming the variable', () => {
    expect(loadConfig({}).METRICS_TOKEN).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: '  ' }).METRICS_TOKEN).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: 'a-scraper-token-of-enough-length' }).METRICS_TOKEN).toBe(
      'a-scraper-token-of-enough-length',
    );
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(
      /Invalid environment: METRICS_TOKEN: at least 16 characters/,
    );
  });
});
