import { clientKeyOf } from './client-key.js';

describe('clientKeyOf', () => {
  it('keys IPv4 by address and IPv6 by its /64 network', () => {
    expect(clientKeyOf('203.0.113.1')).toBe('203.0.113.1');
    expect(clientKeyOf('2001:db8:0:1:aaaa::1')).toBe('2001:db8:0:1::/64');
    expect(clientKeyOf('2001:DB8:0:1:bbbb:cccc:dddd:eeee')).toBe('2001:db8:0:1::/64');
    expect(clientKeyOf('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientKeyOf('::1')).toBe('0:0:0:0::/64');
  });
});
