import { JwtKeyIssued, type JwtKeyIssueReason, type PublicJwk } from '@authsvc/contracts';
import { pendingEvent, type PendingEvent } from '@authsvc/platform';
import { isRotationDue, type RotationPolicy } from './jwt-key-rotation.js';
import type { JwtKeyState } from './jwt-key-state.js';

/** A freshly generated key pair, its private half already sealed (generated outside: no randomness in here). */
export interface NewJwtKey {
  readonly kid: string;
  readonly alg: string;
  readonly publicKey: PublicJwk;
  readonly sealedPrivateKey: string;
  readonly sealedWith: string;
}

/** Make `key` the signing key from `now`, if `reason` still calls for it on the current state. */
export interface IssueJwtKey {
  readonly reason: JwtKeyIssueReason;
  readonly key: NewJwtKey;
  readonly policy: RotationPolicy;
  readonly now: Date;
}

/**
 * Whether the key is issued. A first use or a scheduled rotation that another replica already made (it appended
 * first, and this one decides again on the new history) issues nothing, so racing replicas end with one key.
 */
function calledFor(command: IssueJwtKey, state: JwtKeyState): boolean {
  switch (command.reason) {
    case 'first-use':
      return state.status === 'none';
    case 'scheduled':
      return state.status === 'signing' && isRotationDue(state.current, command.now, command.policy);
    case 'requested':
      return true;
    default: {
      const unknown: never = command.reason;
      throw new Error(`unknown reason ${String(unknown)}`);
    }
  }
}

export function decideJwtKey(command: IssueJwtKey, state: JwtKeyState): readonly PendingEvent[] {
  if (!calledFor(command, state)) return [];
  const { kid, alg, publicKey, sealedPrivateKey, sealedWith } = command.key;
  const signsFrom = command.now.toISOString();
  return [
    pendingEvent(
      JwtKeyIssued,
      { kid, alg, publicKey, signsFrom, reason: command.reason },
      { sealedPrivateKey, sealedWith },
      `jwt-key:${kid}`,
    ),
  ];
}
