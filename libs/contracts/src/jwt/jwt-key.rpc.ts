import { IsInt, Max, Min } from 'class-validator';
import { defineRpc } from '../messaging/rpc-definition.js';
import { TracedRequest } from '../messaging/traced-request.js';
import type { JwtKeySetView, JwtKeyView } from './jwt-key.view.js';

/** The longest JWT lifetime a gateway may be configured with (a year). */
export const MAX_TOKEN_LIFETIME_SECONDS = 365 * 24 * 3600;

/** Asks for the signing keys; the first ask creates the first key, and an ask past `rotatesAt` rotates. */
export class GetJwtKeySetRequest extends TracedRequest {
  /** The caller's token lifetime: keys replaced longer ago than this sign no live token and are left out. */
  @IsInt()
  @Min(1)
  @Max(MAX_TOKEN_LIFETIME_SECONDS)
  tokenLifetimeSeconds!: number;
}

/** Makes a new key sign from now on (the previous one stays published until its tokens have expired). */
export class RotateJwtKeyRequest extends TracedRequest {}

// WARNING: persisted names (subjects), do not rename.
export const JwtKeyRpc = {
  getKeySet: defineRpc<GetJwtKeySetRequest, JwtKeySetView>('identity.rpc.jwt-key.get-set', GetJwtKeySetRequest),
  /** Internal (your back end): rotate now, e.g. after a suspected leak. Answers the new key's public part. */
  rotate: defineRpc<RotateJwtKeyRequest, Pick<JwtKeyView, 'kid' | 'alg' | 'publicKey' | 'signsFrom'>>(
    'identity.rpc.jwt-key.rotate',
    RotateJwtKeyRequest,
  ),
} as const;
