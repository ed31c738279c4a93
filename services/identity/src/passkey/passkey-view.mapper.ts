import type { PasskeyView } from '@authsvc/contracts';
import type { PasskeyEntity } from './passkey.entity.js';

export function toPasskeyView(row: PasskeyEntity): PasskeyView {
  return {
    id: row.id,
    name: row.name,
    publicKey: row.publicKey,
    userId: row.userId,
    credentialID: row.credentialId,
    counter: row.counter,
    deviceType: row.deviceType,
    backedUp: row.backedUp,
    transports: row.transports,
    createdAt: row.createdAt.toISOString(),
    aaguid: row.aaguid,
  };
}

/** The stored transports as WebAuthn's list (the reference stores them comma-joined). */
export function transportsOf(row: Pick<PasskeyEntity, 'transports'>): AuthenticatorTransportName[] {
  return row.transports.split(',').filter((transport) => transport !== '') as AuthenticatorTransportName[];
}

type AuthenticatorTransportName = 'ble' | 'cable' | 'hybrid' | 'internal' | 'nfc' | 'smart-card' | 'usb';
