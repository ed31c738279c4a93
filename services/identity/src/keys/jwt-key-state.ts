import { JwtKeyEventTypes } from '@authsvc/contracts';
import { EventUnion, type RecordedEvent } from '@authsvc/platform';
import type { SigningKeyTimes } from './jwt-key-rotation.js';

/** The signing keys' state, replayed from their one stream: an event per rotation keeps it short. */
export type JwtKeyState =
  | { readonly status: 'none' }
  | { readonly status: 'signing'; readonly current: SigningKeyTimes & { readonly kid: string } };

export const initialJwtKeyState: JwtKeyState = { status: 'none' };

const events = new EventUnion(JwtKeyEventTypes);

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
