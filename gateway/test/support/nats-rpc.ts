import { randomUUID } from 'node:crypto';
import type { RpcDefinition } from '@authsvc/contracts';
import type { NatsConnection } from '@nats-io/transport-node';

/** What a service answers a Nest NATS request: the reply, or the catalogue error. */
export interface NatsAnswer<T> {
  response?: T;
  err?: { code: string; message: string; status: number };
}

/** A request as Nest's NATS client sends it, over a connection of the test's choosing; `label` starts its correlation id. */
export async function askNats<T>(
  nc: NatsConnection,
  rpc: RpcDefinition<unknown, T>,
  data: object,
  label: string,
): Promise<NatsAnswer<T>> {
  const packet = {
    pattern: rpc.subject,
    data: { correlationId: `${label}-${randomUUID()}`, ...data },
    id: randomUUID(),
  };
  return (await nc.request(rpc.subject, JSON.stringify(packet), { timeout: 10_000 })).json<NatsAnswer<T>>();
}
