import { connect, type NatsConnection } from '@nats-io/transport-node';

/** A connection that keeps reconnecting for ever: NATS restarts must not need a process restart. */
export function connectNats(natsUrl: URL, name: string): Promise<NatsConnection> {
  return connect({
    servers: natsUrl.toString(),
    name,
    maxReconnectAttempts: -1,
    reconnectTimeWait: 500,
    timeout: 5000,
  });
}
