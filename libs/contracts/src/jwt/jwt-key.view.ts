/** A public JSON Web Key as published in the JWKS (OKP / Ed25519 by default). */
export interface PublicJwk {
  readonly kty: string;
  readonly crv?: string;
  readonly x?: string;
  readonly y?: string;
  readonly n?: string;
  readonly e?: string;
}

/**
 * One signing key pair as the identity service hands it to the gateway. The private key never travels or rests in
 * clear: `sealedPrivateKey` is the private JWK's JSON under AES-256-GCM with a key derived from AUTH_SECRET
 * (`sealedWith` names which of the secrets), opened only by a process holding that secret.
 */
export interface JwtKeyView {
  /** The `kid` of the tokens it signs. */
  readonly kid: string;
  /** The JWS algorithm (`EdDSA`). */
  readonly alg: string;
  readonly publicKey: PublicJwk;
  /** base64url of `iv ‖ tag ‖ ciphertext` (see {@link jwtPrivateKeyAssociatedData}). */
  readonly sealedPrivateKey: string;
  /** The id of the AUTH_SECRET-derived key it is sealed with (`KeyRing.byId`). */
  readonly sealedWith: string;
  /** From this moment (ISO) it signs, until the next key's `signsFrom`. */
  readonly signsFrom: string;
}

/** Every key still of use (signing, or published for the tokens it signed), oldest first. */
export interface JwtKeySetView {
  readonly keys: readonly JwtKeyView[];
  /** When the current key is due to be replaced (ISO), or null when keys are not rotated on a schedule. */
  readonly rotatesAt: string | null;
}

/**
 * What the seal of a private key is bound to: its own kid, so that a sealed key cannot be passed off as another
 * key's. Both the identity service (sealing) and the gateway (opening) use it.
 */
// WARNING: persisted format (the associated data of stored sealed keys), do not change.
export function jwtPrivateKeyAssociatedData(kid: string): Buffer {
  return Buffer.from(`authsvc/jwt-private-key/${kid}`);
}
