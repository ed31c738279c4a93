import { connect, type NatsConnection } from '@nats-io/transport-node';

/**
 * What every NATS connection of ours shares, Nest's transports included. It keeps reconnecting for ever:
 * NATS restarts must not need a process restart. Without async traces a request does not build two Error
 * objects (with stack traces) up front that a successful answer throws away; a timeout still says which
 * subject went unanswered.
 */
export function natsConnectionOptions(natsUrl: URL) {
  return { servers: [natsUrl.toString()], maxReconnectAttempts: -1, reconnectTimeWait: 500, noAsyncTraces: true };
}

export function connectNats(natsUrl: URL, name: string): Promise<NatsConnection> {
  return connect({ ...natsConnectionOptions(natsUrl), name, timeout: 5000 });
}
