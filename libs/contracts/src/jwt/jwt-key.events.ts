import { defineEvent } from '../messaging/event-definition.js';
import type { PublicJwk } from './jwt-key.view.js';

// WARNING: persisted names (event type, subject and stream id), do not rename.
/**
 * A new signing key pair, signing from `signsFrom` (it replaces the previous one from then on). Why: the first use
 * (`first-use`), the rotation interval elapsed or the secret that seals the current key is no longer the current
 * one (`scheduled`), or an operator asked (`requested`). The sealed private key stays inside the identity service.
 */
export const JwtKeyIssued = defineEvent<
  'JwtKeyIssued',
  { kid: string; alg: string; publicKey: PublicJwk; signsFrom: string; reason: JwtKeyIssueReason },
  { sealedPrivateKey: string; sealedWith: string }
>('JwtKeyIssued', 'identity.events.jwt-key.issued', { personalIsPrivate: true });

export type JwtKeyIssueReason = 'first-use' | 'scheduled' | 'requested';

/** The events of the signing-key aggregate (one stream, {@link JWT_KEY_STREAM_ID}). */
export const JwtKeyEventTypes = [JwtKeyIssued] as const;

/** The one stream of signing keys: every replica's first use appends to it at version 0, so only one wins. */
export const JWT_KEY_STREAM_ID = 'jwt-keys';
