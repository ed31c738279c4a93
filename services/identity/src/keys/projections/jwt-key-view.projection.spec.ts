import { JwtKeyIssued } from '@authsvc/contracts';
import { projectedRow, type RecordedEvent } from '@authsvc/platform';
import { jwtKeyViewProjection } from './jwt-key-view.projection.js';

const issued: RecordedEvent = {
  type: JwtKeyIssued.type,
  schemaVersion: 1,
  streamId: 'jwt-keys',
  streamPosition: 1,
  globalPosition: '1',
  data: {
    kid: 'k1',
    alg: 'EdDSA',
    publicKey: { kty: 'OKP', crv: 'Ed25519', x: 'public-x' },
    signsFrom: '2026-01-01T00:00:00.000Z',
    reason: 'first-use',
  },
  personal: { sealedPrivateKey: 'sealed', sealedWith: 'seal-1' },
  personalSubject: 'jwt-key:k1',
  metadata: { eventId: 'e', correlationId: 'c', causationId: null, actorId: null, occurredAt: '' },
};

describe('jwt key view projection', () => {
  it('starts one row per issued key, the private half as sealed', () => {
    expect(jwtKeyViewProjection.creates).toEqual([JwtKeyIssued.type]);
    expect({ ...projectedRow(jwtKeyViewProjection, [issued]) }).toEqual({
      kid: 'k1',
      alg: 'EdDSA',
      publicKey: { kty: 'OKP', crv: 'Ed25519', x: 'public-x' },
      sealedPrivateKey: 'sealed',
      sealedWith: 'seal-1',
      signsFrom: new Date('2026-01-01T00:00:00.000Z'),
    });
  });
});
