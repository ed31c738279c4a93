import { sign, type KeyObject } from 'node:crypto';

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/**
 * A compact JWS (a signed JWT) with an Ed25519 key: `alg` EdDSA, signed with Node's crypto directly, which is all
 * a token needs (no JOSE library on the hot path of get-session).
 */
export function signEdDsaJwt(claims: Record<string, unknown>, kid: string, privateKey: KeyObject): string {
  const signingInput = `${base64url({ alg: 'EdDSA', kid })}.${base64url(claims)}`;
  return `${signingInput}.${sign(null, Buffer.from(signingInput), privateKey).toString('base64url')}`;
}
