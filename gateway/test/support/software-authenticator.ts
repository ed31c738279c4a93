import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { encodeCBOR } from '@levischuck/tiny-cbor';

/** The options a ceremony's `generate-*-options` answered, as far as an authenticator reads them. */
export interface CeremonyOptions {
  readonly challenge: string;
  readonly rp?: { readonly id?: string };
  readonly rpId?: string;
}

/** A credential the authenticator holds: its id, key and signature counter. */
export interface SoftwareCredential {
  readonly id: Buffer;
  readonly privateKey: KeyObject;
  readonly cose: Uint8Array;
  counter: number;
}

/** What a test may bend in one answer, to check that the server refuses it. */
export interface AnswerOverrides {
  /** The page origin the browser would report (clientDataJSON.origin). */
  readonly origin?: string;
  /** Another challenge than the options'. */
  readonly challenge?: string;
  /** The signature counter to present (the stored one is left as it was). */
  readonly counter?: number;
}

// Authenticator data flags (WebAuthn §6.1): user present, user verified, attested credential data included.
const USER_PRESENT = 0x01;
const USER_VERIFIED = 0x04;
const ATTESTED_CREDENTIAL = 0x40;
const NO_AAGUID = Buffer.alloc(16);

const base64url = (bytes: Uint8Array): string => Buffer.from(bytes).toString('base64url');
const sha256 = (bytes: Uint8Array | string): Buffer => createHash('sha256').update(bytes).digest();

/**
 * A passkey authenticator in software, so that e2e tests need no browser: ES256 credentials (P-256 from
 * node:crypto), `none` attestations and assertions, the structures encoded as WebAuthn specifies (CBOR for the
 * attestation object and the COSE key). `counting: false` makes one that keeps no signature counter (always 0).
 */
export class SoftwareAuthenticator {
  readonly credentials: SoftwareCredential[] = [];

  constructor(
    private readonly origin: string,
    private readonly counting = true,
  ) {}

  /** `navigator.credentials.create()`'s answer (`toJSON()`), and the credential now held. */
  register(options: CeremonyOptions, overrides: AnswerOverrides = {}): Record<string, unknown> {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = publicKey.export({ format: 'jwk' });
    const cose = encodeCBOR(
      new Map<number, number | Uint8Array>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, Buffer.from(jwk.x!, 'base64url')],
        [-3, Buffer.from(jwk.y!, 'base64url')],
      ]),
    );
    const credential: SoftwareCredential = { id: randomBytes(16), privateKey, cose, counter: 0 };
    this.credentials.push(credential);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(credential.id.length);
    const authData = Buffer.concat([
      this.authenticatorData(options, ATTESTED_CREDENTIAL, 0),
      NO_AAGUID,
      idLength,
      credential.id,
      Buffer.from(cose),
    ]);
    const attestationObject = encodeCBOR(
      new Map<string, string | Uint8Array | Map<string, never>>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ]),
    );
    return {
      id: base64url(credential.id),
      rawId: base64url(credential.id),
      type: 'public-key',
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
      response: {
        clientDataJSON: base64url(this.clientData('webauthn.create', options, overrides)),
        attestationObject: base64url(attestationObject),
        transports: ['internal'],
      },
    };
  }

  /** `navigator.credentials.get()`'s answer with `credential` (the last one registered by default). */
  authenticate(
    options: CeremonyOptions,
    overrides: AnswerOverrides = {},
    credential = this.credentials.at(-1),
  ): Record<string, unknown> {
    if (!credential) throw new Error('the authenticator holds no credential');
    if (overrides.counter === undefined && this.counting) credential.counter += 1;
    const counter = overrides.counter ?? (this.counting ? credential.counter : 0);
    const authData = this.authenticatorData(options, 0, counter);
    const clientDataJSON = this.clientData('webauthn.get', options, overrides);
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), credential.privateKey);
    return {
      id: base64url(credential.id),
      rawId: base64url(credential.id),
      type: 'public-key',
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
      response: {
        clientDataJSON: base64url(clientDataJSON),
        authenticatorData: base64url(authData),
        signature: base64url(signature),
      },
    };
  }

  private authenticatorData(options: CeremonyOptions, flags: number, counter: number): Buffer {
    const rpId = options.rp?.id ?? options.rpId ?? new URL(this.origin).hostname;
    const signCount = Buffer.alloc(4);
    signCount.writeUInt32BE(counter);
    return Buffer.concat([sha256(rpId), Buffer.from([USER_PRESENT | USER_VERIFIED | flags]), signCount]);
  }

  private clientData(type: string, options: CeremonyOptions, overrides: AnswerOverrides): Buffer {
    const challenge = overrides.challenge ?? options.challenge;
    return Buffer.from(
      JSON.stringify({ type, challenge, origin: overrides.origin ?? this.origin, crossOrigin: false }),
    );
  }
}
