import { isIP } from 'node:net';

/**
 * The key a client is told apart by, for the gateway's rate limits and identity's password throttle alike: its
 * IPv4 address, or the /64 network of an IPv6 one (one subscriber holds a whole /64).
 */
export function clientKeyOf(address: string): string {
  if (isIP(address) !== 6) return address;
  const [head = '', tail = ''] = address.toLowerCase().split('::');
  const left = head === '' ? [] : head.split(':');
  const right = tail === '' ? [] : tail.split(':');
  const groups = address.includes('::')
    ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}
