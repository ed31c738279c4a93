import { generateKeyPairSync } from 'node:crypto';
import type { KeyRing } from '@authsvc/config';
import { jwtPrivateKeyAssociatedData, type PublicJwk } from '@authsvc/contracts';
import { randomString, seal } from '@authsvc/platform';
import type { NewJwtKey } from './jwt-key.decider.js';

/** The reference's default: EdDSA over Ed25519. */
const JWT_ALGORITHM = 'EdDSA';

/**
 * A new Ed25519 key pair: the public half as a JWK, the private half as a JWK sealed (AES-256-GCM, bound to its
 * kid) under the current AUTH_SECRET-derived key of the ring. The plain private key exists only in this call.
 */
export function generateJwtKey(sealKeys: KeyRing): NewJwtKey {
  const kid = randomString();
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const privateJwk = Buffer.from(JSON.stringify(privateKey.export({ format: 'jwk' })));
  const sealed = seal(sealKeys.current.key, privateJwk, jwtPrivateKeyAssociatedData(kid));
  return {
    kid,
    alg: JWT_ALGORITHM,
    publicKey: publicKey.export({ format: 'jwk' }) as PublicJwk,
    sealedPrivateKey: sealed.toString('base64url'),
    sealedWith: sealKeys.current.id,
  };
}
