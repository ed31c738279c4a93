import { PasskeyAdded, PasskeyRemoved, PasskeyRenamed, type PersonalOf } from '@authsvc/contracts';
import { isEvent, type RecordedEvent, type RowProjection } from '@authsvc/platform';
import { PasskeyEntity } from './passkey.entity.js';

/** A name erased with its user's personal data reads as none. */
const nameOf = (personal: unknown): string | null =>
  (personal as PersonalOf<typeof PasskeyRenamed> | null)?.name ?? null;

export function evolvePasskeyView(row: PasskeyEntity | null, event: RecordedEvent): PasskeyEntity | null {
  if (isEvent(event, PasskeyAdded)) {
    const { data } = event;
    return Object.assign(new PasskeyEntity(), {
      id: data.passkeyId,
      userId: data.userId,
      name: nameOf(event.personal),
      credentialId: data.credentialId,
      publicKey: data.publicKey,
      counter: data.counter,
      deviceType: data.deviceType,
      backedUp: data.backedUp,
      transports: data.transports,
      aaguid: data.aaguid,
      createdAt: new Date(data.addedAt),
    });
  }
  if (isEvent(event, PasskeyRenamed) && row) return Object.assign(row, { name: nameOf(event.personal) });
  if (isEvent(event, PasskeyRemoved)) return null;
  return row;
}

export const passkeyViewProjection: RowProjection<PasskeyEntity> = {
  entity: PasskeyEntity,
  handles: [PasskeyAdded.type, PasskeyRenamed.type, PasskeyRemoved.type],
  creates: [PasskeyAdded.type],
  key: (event) => ({ id: (event.data as { passkeyId: string }).passkeyId }),
  evolve: evolvePasskeyView,
};
