import type { KeyRing } from '@authsvc/config';
import { JWT_KEY_STREAM_ID, type JwtKeyIssueReason } from '@authsvc/contracts';
import { EventStore, replayed, type RecordedEvent } from '@authsvc/platform';
import { Inject, Injectable } from '@nestjs/common';
import { generateJwtKey } from './jwt-key-pair.js';
import { decideJwtKey } from './jwt-key.decider.js';
import { evolveJwtKey, initialJwtKeyState } from './jwt-key-state.js';
import type { RotationPolicy } from './jwt-key-rotation.js';

/** The AUTH_SECRET-derived keys that seal the private keys (purpose `jwt-private-key`). */
export const JWT_SEAL_KEYS = Symbol('JwtSealKeys');
export const JWT_ROTATION_POLICY = Symbol('JwtRotationPolicy');

/** The signing-key aggregate on the event store: one stream, so that replicas racing to issue a key conflict. */
@Injectable()
export class JwtKeyStream {
  constructor(
    private readonly store: EventStore,
    @Inject(JWT_SEAL_KEYS) private readonly sealKeys: KeyRing,
    @Inject(JWT_ROTATION_POLICY) private readonly policy: RotationPolicy,
  ) {}

  /** Issues a new key if `reason` still calls for it once decided on the stream (none recorded: it did not). */
  issue(reason: JwtKeyIssueReason, context: { correlationId: string; actorId?: string }): Promise<RecordedEvent[]> {
    const now = new Date();
    const command = { reason, key: generateJwtKey(this.sealKeys), policy: this.policy, now };
    return this.store.execute({
      streamId: JWT_KEY_STREAM_ID,
      state: replayed(initialJwtKeyState, evolveJwtKey),
      decide: (state) => decideJwtKey(command, state),
      context: { ...context, now },
    });
  }
}
