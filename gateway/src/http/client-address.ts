import { BlockList, isIP } from 'node:net';
import { InvalidValue, type Variable } from '@authsvc/config';

/**
 * Which proxies in front of the gateway are trusted to say who their client was: none (the socket's peer is the
 * client), the nearest `hops` of them, or those whose addresses fall in `blocks`.
 */
export type TrustedProxies =
  | { readonly kind: 'none' }
  | { readonly kind: 'hops'; readonly hops: number }
  | { readonly kind: 'addresses'; readonly blocks: BlockList };

const IPV4_MAPPED = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i;

/** `1.2.3.4` for `::ffff:1.2.3.4`, as a dual-stack socket reports an IPv4 peer. */
function normalised(address: string): string {
  return IPV4_MAPPED.exec(address)?.[1] ?? address;
}

function familyOf(address: string): 'ipv4' | 'ipv6' {
  return isIP(address) === 4 ? 'ipv4' : 'ipv6';
}

/** TRUSTED_PROXIES: empty (no proxy), a hop count, or a comma-separated list of addresses and CIDR blocks. */
export function parseTrustedProxies(raw: string): TrustedProxies {
  const value = raw.trim();
  if (value === '') return { kind: 'none' };
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops < 1 || hops > 32) throw new InvalidValue(`must be a hop count from 1 to 32, got "${raw}"`);
    return { kind: 'hops', hops };
  }
  const blocks = new BlockList();
  for (const entry of value.split(',').map((part) => part.trim())) {
    const [address, prefix, extra] = entry.split('/');
    const family = isIP(address ?? '');
    const bits = prefix === undefined ? (family === 4 ? 32 : 128) : Number(prefix);
    const maxBits = family === 4 ? 32 : 128;
    if (!family || extra !== undefined || !Number.isInteger(bits) || bits < 0 || bits > maxBits) {
      throw new InvalidValue(`must be a hop count or IP addresses and CIDR blocks, got "${entry}"`);
    }
    blocks.addSubnet(address!, bits, family === 4 ? 'ipv4' : 'ipv6');
  }
  return { kind: 'addresses', blocks };
}

export const trustedProxiesVariable: Variable<TrustedProxies> = {
  describe: 'a hop count, or comma-separated IP addresses and CIDR blocks, or empty',
  defaultValue: '',
  parse: parseTrustedProxies,
};

/**
 * The client's address. Without trusted proxies it is the socket's peer, whatever the request's headers say. With
 * them, the chain is the forwarded header's entries followed by the peer, read from the right: the nearest
 * `hops` entries, or every entry in a trusted block, are proxies; the next one is the client. An entry that is
 * not an address ends the walk at the last address before it: nothing left of it was vouched for.
 */
export function clientAddressOf(peer: string, forwardedFor: string | undefined, trusted: TrustedProxies): string {
  const socketPeer = normalised(peer);
  if (trusted.kind === 'none') return socketPeer;
  const forwarded = (forwardedFor ?? '').split(',').map((entry) => normalised(entry.trim()));
  const chain = [...forwarded.filter((entry) => entry !== ''), socketPeer];
  let client = socketPeer;
  for (let index = chain.length - 1, seen = 0; index >= 0; index -= 1, seen += 1) {
    const address = chain[index]!;
    if (!isIP(address)) return client;
    client = address;
    const isProxy = trusted.kind === 'hops' ? seen < trusted.hops : trusted.blocks.check(address, familyOf(address));
    if (!isProxy) return client;
  }
  return client;
}
