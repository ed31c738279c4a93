import { natsInboxPrefix } from '@authsvc/contracts';
import { connect, nkeyAuthenticator, type NatsConnection } from '@nats-io/transport-node';

/** Where an app's NATS connections go, and the NATS user (one per app) they authenticate as. */
export interface NatsEndpoint {
  /** One server, or the servers of a cluster: the connection goes to another when its server goes away. */
  readonly servers: readonly URL[];
  readonly user: string;
  /** The user's nkey seed: it signs the server's challenge and never leaves the process. */
  readonly seed: string;
}

export function natsEndpoint(
  user: string,
  config: { readonly NATS_URL: readonly URL[]; readonly NATS_NKEY_SEED: string },
) {
  return { servers: config.NATS_URL, user, seed: config.NATS_NKEY_SEED } satisfies NatsEndpoint;
}

/**
 * What every NATS connection of ours shares, Nest's transports included: the app's credential and its own
 * reply inboxes, which the NATS authorization lets only that app read. It keeps reconnecting for ever:
 * NATS restarts must not need a process restart. Without async traces a request does not build two Error
 * objects (with stack traces) up front that a successful answer throws away; a timeout still says which
 * subject went unanswered.
 */
export function natsConnectionOptions(endpoint: NatsEndpoint) {
  return {
    servers: endpoint.servers.map((server) => server.toString()),
    authenticator: nkeyAuthenticator(new TextEncoder().encode(endpoint.seed)),
    inboxPrefix: natsInboxPrefix(endpoint.user),
    maxReconnectAttempts: -1,
    reconnectTimeWait: 500,
    noAsyncTraces: true,
  };
}

export function connectNats(endpoint: NatsEndpoint, name: string): Promise<NatsConnection> {
  return connect({ ...natsConnectionOptions(endpoint), name, timeout: 5000 });
}
