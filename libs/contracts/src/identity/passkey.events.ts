import { defineEvent } from '../messaging/event-definition.js';

/** A passkey's name: what the user called it, personal data of the user (erased with them). */
export interface PasskeyNamePersonal {
  name: string | null;
}

// WARNING: persisted names (event types and subjects), do not rename.
/**
 * The user registered a passkey (verify-registration). The credential's public key and id are no secret: they
 * only let identity check the authenticator's signatures. `counter` is the authenticator's signature counter at
 * registration (0 when it keeps none); later sign-ins advance it in the read model, not on the stream.
 */
export const PasskeyAdded = defineEvent<
  'PasskeyAdded',
  {
    passkeyId: string;
    userId: string;
    credentialId: string;
    /** The COSE public key, standard Base64 as the reference stores it. */
    publicKey: string;
    counter: number;
    deviceType: string;
    backedUp: boolean;
    /** Comma-joined, as the reference stores them. */
    transports: string;
    aaguid: string;
    addedAt: string;
  },
  PasskeyNamePersonal
>('PasskeyAdded', 'identity.events.passkey.added');

/** The user gave one of their passkeys a new name. */
export const PasskeyRenamed = defineEvent<
  'PasskeyRenamed',
  { passkeyId: string; userId: string; renamedAt: string },
  PasskeyNamePersonal
>('PasskeyRenamed', 'identity.events.passkey.renamed');

/** The passkey signs nobody in any more: removed by its owner or by an admin (the event's actor). */
export const PasskeyRemoved = defineEvent<'PasskeyRemoved', { passkeyId: string; userId: string; removedAt: string }>(
  'PasskeyRemoved',
  'identity.events.passkey.removed',
);
