import { BlockList, isIP } from 'node:net';
import { DomainError, OrganizationErrors } from '@authsvc/errors';

/** Loopback, private, link-local (cloud metadata), unique-local and unspecified ranges: nothing a webhook may reach. */
const INTERNAL = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
] as const) {
  INTERNAL.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
] as const) {
  INTERNAL.addSubnet(network, prefix, 'ipv6');
}

/** Whether an IP address (v4, v6 or v4-mapped v6) is internal to the deployment's network. */
export function isInternalAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return INTERNAL.check(mapped[1]!, 'ipv4');
  const family = isIP(address);
  if (family === 0) return false;
  return INTERNAL.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/**
 * The endpoint a webhook may have: https (http too in development, where local receivers have no certificate),
 * and in production no loopback or private address named literally (SSRF: the service would post into its own
 * network). A host name is resolved and checked again at each delivery (webhook-sender.ts).
 */
export function checkWebhookUrl(value: string, development: boolean): string {
  const url = URL.canParse(value) ? new URL(value) : null;
  const schemeAllowed = url?.protocol === 'https:' || (development && url?.protocol === 'http:');
  if (!url || !schemeAllowed || url.username || url.password) {
    throw new DomainError(OrganizationErrors.INVALID_WEBHOOK_URL);
  }
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (!development && (host === 'localhost' || host.endsWith('.localhost') || isInternalAddress(host))) {
    throw new DomainError(OrganizationErrors.INVALID_WEBHOOK_URL);
  }
  return url.toString();
}
