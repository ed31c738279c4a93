import { JwtKeyEventTypes, JwtKeyIssued, type JwtKeyIssueReason, type PublicJwk } from '@authsvc/contracts';
import { EventUnion, pendingEvent, type PendingEvent, type RecordedEvent } from '@authsvc/platform';
import { isRotationDue, type RotationPolicy, type SigningKeyTimes } from './jwt-key-rotation.js';

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

export type JwtKeyState =
  | { readonly status: 'none' }
  | { readonly status: 'signing'; readonly current: SigningKeyTimes & { readonly kid: string } };

export const initialJwtKeyState: JwtKeyState = { status: 'none' };

const events = new EventUnion(JwtKeyEventTypes);

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

export function evolveJwtKey(_state: JwtKeyState, recorded: RecordedEvent): JwtKeyState {
  const event = events.narrow(recorded);
  switch (event.type) {
    case 'JwtKeyIssued': {
      const { kid, signsFrom } = event.data;
      const sealedWith = event.personal?.sealedWith ?? '';
      return { status: 'signing', current: { kid, signsFrom: new Date(signsFrom), sealedWith } };
    }
    default: {
      const unknown: never = event.type;
      throw new Error(`unknown event ${String(unknown)}`);
    }
  }
}

export const jwtKeyDecider = { decide: decideJwtKey, evolve: evolveJwtKey, initialState: initialJwtKeyState };
