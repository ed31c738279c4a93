import { authKeyRing } from '@authsvc/config';
import type { Provider } from '@nestjs/common';
import type { IdentityConfig } from '../identity.config.js';
import { ProvideJwtKeySetHandler } from './commands/provide-jwt-key-set.handler.js';
import { RotateJwtKeyHandler } from './commands/rotate-jwt-key.handler.js';
import { JwtKeyReads } from './jwt-key-reads.js';
import type { RotationPolicy } from './jwt-key-rotation.js';
import { JWT_ROTATION_POLICY, JWT_SEAL_KEYS, JwtKeyStream } from './jwt-key-stream.js';

/** keys/: the JWT signing keys (the identity module's providers for them). */
export function jwtKeyProviders(config: IdentityConfig): Provider[] {
  const sealKeys = authKeyRing(config, 'jwt-private-key');
  const policy: RotationPolicy = {
    intervalSeconds: config.JWT_KEY_ROTATION_INTERVAL,
    currentSealKeyId: sealKeys.current.id,
  };
  return [
    { provide: JWT_SEAL_KEYS, useValue: sealKeys },
    { provide: JWT_ROTATION_POLICY, useValue: policy },
    JwtKeyStream,
    JwtKeyReads,
    ProvideJwtKeySetHandler,
    RotateJwtKeyHandler,
  ];
}
