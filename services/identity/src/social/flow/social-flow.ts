import { createHash, randomBytes } from 'node:crypto';

/**
 * One sign-in with a provider between `sign-in/social` and its callback, kept server-side (Redis) under its state:
 * everything the callback needs, and nothing the browser could alter. Single use, 10 minutes (spec §9).
 */
export interface SocialFlow {
  readonly state: string;
  /** The provider that started it: a callback of another provider is refused (mix-up, RFC 9700 §4.4). */
  readonly providerId: string;
  /** PKCE verifier (128 characters); absent for providers without PKCE. */
  readonly codeVerifier?: string;
  /** The nonce the id token must carry back, for providers that answer with one. */
  readonly nonce?: string;
  /** The redirect_uri of the authorization request, sent again with the code. */
  readonly redirectUri: string;
  readonly callbackURL: string;
  readonly errorURL: string;
  readonly newUserURL?: string;
  readonly requestSignUp: boolean;
  /** link-social's flow: the signed-in user whom the callback links the provider account to (no sign-in). */
  readonly linkUserId?: string;
  /** ISO time after which the flow is refused, whatever Redis still holds. */
  readonly expiresAt: string;
}

/** How long a flow lives: the state row and the cookie that binds it to the browser expire together. */
export const FLOW_LIFETIME_SECONDS = 600;

/** `length` characters of `[A-Za-z0-9_-]` (base64url of CSPRNG bytes, `length` a multiple of 4). */
const randomUrlSafe = (length: number): string => randomBytes((length / 4) * 3).toString('base64url');

/** The state of spec §9: 32 characters of `[A-Za-z0-9_-]` (192 bits). */
export const newState = (): string => randomUrlSafe(32);

/** A PKCE verifier of 128 characters, RFC 7636's longest. */
export const newCodeVerifier = (): string => randomUrlSafe(128);

/** A nonce of 43 characters (256 bits), like the state never reused. */
export const newNonce = (): string => randomBytes(32).toString('base64url');

/**
 * RFC 7636's S256 challenge of a verifier: base64url(SHA-256(verifier)). Hand-written on node:crypto's synchronous
 * hash instead of oauth4webapi's calculatePKCECodeChallenge, whose WebCrypto digest is a thread-pool job costing
 * identity about 0.3 ms of CPU per sign-in start in the bench's CPU profile (the hash itself takes microseconds).
 */
export const codeChallengeOf = (verifier: string): string => createHash('sha256').update(verifier).digest('base64url');
