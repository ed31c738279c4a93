import { generateKeyPairSync } from 'node:crypto';
import { compactVerify, importJWK, type JWK } from 'jose';
import { signEdDsaJwt } from './compact-jws.js';

describe('signEdDsaJwt', () => {
  it('makes a JWS that a JOSE library verifies with the public JWK, with alg and kid in its header', async () => {
    const { publicKey, privateKey } = generateKeyPairSync('ed25519');
    const token = signEdDsaJwt({ sub: 'user-1', iat: 1 }, 'kid-1', privateKey);
    const key = await importJWK(publicKey.export({ format: 'jwk' }) as JWK, 'EdDSA');
    const { payload, protectedHeader } = await compactVerify(token, key);
    expect(protectedHeader).toEqual({ alg: 'EdDSA', kid: 'kid-1' });
    expect(JSON.parse(new TextDecoder().decode(payload))).toEqual({ sub: 'user-1', iat: 1 });
  });

  it('is refused under another key', async () => {
    const signer = generateKeyPairSync('ed25519');
    const other = generateKeyPairSync('ed25519');
    const token = signEdDsaJwt({ sub: 'user-1' }, 'kid-1', signer.privateKey);
    const key = await importJWK(other.publicKey.export({ format: 'jwk' }) as JWK, 'EdDSA');
    await expect(compactVerify(token, key)).rejects.toThrow();
  });
});
