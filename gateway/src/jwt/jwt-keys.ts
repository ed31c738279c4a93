import { createPrivateKey, randomUUID, type KeyObject } from 'node:crypto';
import { authKeyRing, type KeyRing } from '@authsvc/config';
import {
  JwtKeyIssued,
  JwtKeyRpc,
  jwtPrivateKeyAssociatedData,
  publishedKeysAt,
  signingKeyAt,
  type JwtKeySetView,
  type JwtKeyView,
  type PublicJwk,
} from '@authsvc/contracts';
import { open, type MultiplexedNatsClient } from '@authsvc/platform';
import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import type { NatsConnection, Subscription } from '@nats-io/transport-node';
import { GATEWAY_CONFIG, type GatewayConfig } from '../gateway.config.js';
import { NATS_CLIENT, ServiceClient } from '../rpc/service-client.js';
import { keySetStale, type CachedKeySetAge } from './jwt-key-refresh.js';

/** A key the gateway signs with: its private half opened from its seal. */
export interface SigningKey {
  readonly kid: string;
  readonly privateKey: KeyObject;
}

/** A public key as the JWKS serves it. */
export type PublishedJwk = PublicJwk & { readonly alg: string; readonly kid: string };

interface CachedKeySet extends CachedKeySetAge {
  readonly keys: readonly JwtKeyView[];
}

/**
 * The signing keys, fetched from the identity service once and kept in memory, so that neither a token nor the
 * JWKS costs a database read or a round trip. Fetched again when identity announces a new key (JwtKeyIssued,
 * heard as a plain NATS message), when the current key is due, or after a minute; callers meanwhile keep using
 * the set they have. Private keys arrive sealed and are opened here with the AUTH_SECRET-derived key.
 */
@Injectable()
export class JwtKeys implements OnApplicationShutdown {
  private readonly logger = new Logger(JwtKeys.name);
  private readonly sealKeys: KeyRing;
  private cached?: CachedKeySet;
  private fetching?: Promise<CachedKeySet>;
  private readonly opened = new Map<string, SigningKey>();
  private announcements?: Subscription;
  /** How many new keys were announced so far: one announced while a fetch is under way may be missing from it. */
  private announced = 0;

  constructor(
    private readonly services: ServiceClient,
    @Inject(NATS_CLIENT) private readonly nats: MultiplexedNatsClient,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {
    this.sealKeys = authKeyRing(config, 'jwt-private-key');
  }

  /** The key that signs now. */
  async signing(now: Date): Promise<SigningKey> {
    const key = signingKeyAt((await this.keySet(now)).keys, now);
    if (!key) throw new Error('the identity service returned no signing key');
    return this.open(key);
  }

  /** The public keys verifiers need now: the signing key and the replaced ones whose tokens may still live. */
  async published(now: Date): Promise<PublishedJwk[]> {
    const { keys } = await this.keySet(now);
    return publishedKeysAt(keys, now, this.config.JWT_EXPIRATION_TIME).map((key) => ({
      alg: key.alg,
      ...key.publicKey,
      kid: key.kid,
    }));
  }

  onApplicationShutdown(): void {
    this.announcements?.unsubscribe();
  }

  private async keySet(now: Date): Promise<CachedKeySet> {
    const cached = this.cached;
    if (cached && !keySetStale(cached, now.getTime())) return cached;
    if (!this.fetching) {
      this.fetching = this.fetch().finally(() => (this.fetching = undefined));
      this.fetching.catch((error: unknown) => this.logger.warn(`could not fetch the JWT keys: ${String(error)}`));
    }
    // A stale set still signs while the new one is on its way; a failed fetch is tried again at the next call.
    return cached ?? this.fetching;
  }

  private async fetch(): Promise<CachedKeySet> {
    const announcedBefore = this.announced;
    const set: JwtKeySetView = await this.services.call(JwtKeyRpc.getKeySet, {
      correlationId: randomUUID(),
      tokenLifetimeSeconds: this.config.JWT_EXPIRATION_TIME,
    });
    this.listenForNewKeys();
    const kids = new Set(set.keys.map((key) => key.kid));
    for (const kid of this.opened.keys()) if (!kids.has(kid)) this.opened.delete(kid);
    this.cached = {
      keys: set.keys,
      fetchedAt: Date.now(),
      rotatesAt: set.rotatesAt ? Date.parse(set.rotatesAt) : null,
      newKeyAnnounced: this.announced !== announcedBefore,
    };
    return this.cached;
  }

  /** Once connected (the first fetch went through): a new key makes the next use fetch the set again. */
  private listenForNewKeys(): void {
    if (this.announcements) return;
    const connection = this.nats.unwrap<NatsConnection>();
    this.announcements = connection.subscribe(JwtKeyIssued.subject, {
      callback: () => {
        this.announced += 1;
        if (this.cached) this.cached = { ...this.cached, newKeyAnnounced: true };
      },
    });
  }

  private open(key: JwtKeyView): SigningKey {
    const known = this.opened.get(key.kid);
    if (known) return known;
    const sealKey = this.sealKeys.byId(key.sealedWith);
    const plain =
      sealKey &&
      open(sealKey.key, Buffer.from(key.sealedPrivateKey, 'base64url'), jwtPrivateKeyAssociatedData(key.kid));
    if (!plain) throw new Error(`JWT key ${key.kid} does not open with AUTH_SECRET or AUTH_SECRETS_PREVIOUS`);
    const signing = {
      kid: key.kid,
      privateKey: createPrivateKey({ key: JSON.parse(plain.toString()), format: 'jwk' }),
    };
    this.opened.set(key.kid, signing);
    return signing;
  }
}
