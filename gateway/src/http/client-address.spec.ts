import { clientAddressOf, parseTrustedProxies } from './client-address.js';

describe('clientAddressOf', () => {
  it('is the socket peer without trusted proxies, whatever the header says', () => {
    const none = parseTrustedProxies('');
    expect(clientAddressOf('198.51.100.7', '203.0.113.1', none)).toBe('198.51.100.7');
    expect(clientAddressOf('::ffff:198.51.100.7', undefined, none)).toBe('198.51.100.7');
  });

  it('with a hop count, skips that many proxies from the right and ignores what the client put left of them', () => {
    const one = parseTrustedProxies('1');
    expect(clientAddressOf('10.0.0.2', '203.0.113.1', one)).toBe('203.0.113.1');
    expect(clientAddressOf('10.0.0.2', 'spoofed-by-client, 6.6.6.6, 203.0.113.1', one)).toBe('203.0.113.1');
    expect(clientAddressOf('10.0.0.2', '6.6.6.6, 203.0.113.1, 10.0.0.1', parseTrustedProxies('2'))).toBe('203.0.113.1');
    expect(clientAddressOf('10.0.0.2', undefined, one)).toBe('10.0.0.2');
  });

  it('with addresses and blocks, takes the right-most address outside them', () => {
    const trusted = parseTrustedProxies('10.0.0.0/8, 2001:db8::/32, 192.0.2.10');
    expect(clientAddressOf('10.1.2.3', '6.6.6.6, 203.0.113.1, 192.0.2.10', trusted)).toBe('203.0.113.1');
    expect(clientAddressOf('2001:db8::5', '2001:db8:1::9, 2a00:1450::1', trusted)).toBe('2a00:1450::1');
    expect(clientAddressOf('203.0.113.50', '6.6.6.6', trusted)).toBe('203.0.113.50');
    expect(clientAddressOf('10.1.2.3', '10.2.3.4', trusted)).toBe('10.2.3.4');
  });

  it('stops at an entry that is not an address, at the last address a trusted proxy vouched for', () => {
    expect(clientAddressOf('10.0.0.2', 'not-an-ip', parseTrustedProxies('1'))).toBe('10.0.0.2');
  });
});

describe('parseTrustedProxies', () => {
  it('refuses what is neither a hop count nor addresses', () => {
    for (const raw of ['0', '33', 'proxy.local', '10.0.0.0/33', '10.0.0.1/8/1', '::1/129']) {
      expect(() => parseTrustedProxies(raw)).toThrow(/must be/);
    }
  });
});
