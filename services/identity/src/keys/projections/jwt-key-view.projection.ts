import { JwtKeyIssued, type DataOf, type PersonalOf } from '@authsvc/contracts';
import type { RecordedEvent, RowProjection } from '@authsvc/platform';
import { JwtKeyEntity } from '../jwt-key.entity.js';

/** One row per issued key; keys are never changed, only followed by newer ones. */
export function evolveJwtKeyView(_row: JwtKeyEntity | null, event: RecordedEvent): JwtKeyEntity | null {
  const data = event.data as DataOf<typeof JwtKeyIssued>;
  const personal = event.personal as PersonalOf<typeof JwtKeyIssued>;
  return Object.assign(new JwtKeyEntity(), {
    kid: data.kid,
    alg: data.alg,
    publicKey: data.publicKey,
    sealedPrivateKey: personal.sealedPrivateKey,
    sealedWith: personal.sealedWith,
    signsFrom: new Date(data.signsFrom),
  });
}

export const jwtKeyViewProjection: RowProjection<JwtKeyEntity> = {
  entity: JwtKeyEntity,
  handles: [JwtKeyIssued.type],
  creates: [JwtKeyIssued.type],
  key: (event) => ({ kid: (event.data as DataOf<typeof JwtKeyIssued>).kid }),
  evolve: evolveJwtKeyView,
};
