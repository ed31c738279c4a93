import { DEV_NATS_NKEY_SEEDS } from '@authsvc/config';
import { randomBytes } from 'node:crypto';
import { defineRpc } from '@authsvc/contracts';
import { AuthErrors, DomainError, RequestErrors, type ErrorDefinition } from '@authsvc/errors';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { MultiplexedNatsClient } from '../src/nats/multiplexed-nats-client';
import { RpcClient } from '../src/rpc/rpc-client';
import { rpcClientRetries } from '../src/metrics/metrics';

// The RpcClient against a real nats-server, with plain NATS responders standing in for services: every way a
// request can end reaches the caller as a value or as a catalogue error, and none of them waits longer than needed.
const NATS_URL = new URL('nats://127.0.0.1:4222');
// The development NATS has no authorization: any credential is accepted.
const NATS = { servers: [NATS_URL], user: 'test', seed: DEV_NATS_NKEY_SEEDS.gateway };
const prefix = `rpc-client-test.${randomBytes(4).toString('hex')}`;
const TIMEOUT_MS = 300;

class Probe {
  n!: number;
}
const rpc = (name: string) => defineRpc<Probe, Probe>(`${prefix}.${name}`, Probe);

/** The attempts beyond the first the client counted for a subject, by reason. */
async function retriesOf(name: string): Promise<Record<string, number>> {
  const { values } = await rpcClientRetries.get();
  return Object.fromEntries(
    values
      .filter(({ labels }) => labels.subject === `${prefix}.${name}`)
      .map(({ labels, value }) => [labels.reason, value]),
  );
}

describe('RpcClient', () => {
  let services: NatsConnection;
  let client: RpcClient;

  beforeAll(async () => {
    services = await connect({ servers: NATS_URL.host });
    const answer = (name: string, reply: (request: Probe) => string) =>
      services.subscribe(`${prefix}.${name}`, {
        callback: (_error, message) => message.respond(reply(message.json<{ data: Probe }>().data)),
      });
    answer('echo', ({ n }) => JSON.stringify({ response: { n }, isDisposed: true }));
    answer('refuse', () => JSON.stringify({ err: { ...AuthErrors.USER_NOT_FOUND, status: 401 }, isDisposed: true }));
    answer('garble', () => 'this is not JSON');
    answer('crash', () => JSON.stringify({ err: { status: 'error', message: 'Internal server error' } }));
    services.subscribe(`${prefix}.silent`);
    await services.flush();
    client = new RpcClient(new MultiplexedNatsClient(NATS), { totalMs: TIMEOUT_MS, attemptMs: TIMEOUT_MS });
  });

  afterAll(async () => {
    await client.close();
    await services.close();
  });

  const failureOf = async (name: string): Promise<{ error: ErrorDefinition; ms: number }> => {
    const started = performance.now();
    const caught: unknown = await client.call(rpc(name), { n: 1 }).then(
      () => new Error('expected a failure'),
      (error: unknown) => error,
    );
    if (!(caught instanceof DomainError)) throw caught;
    return { error: caught.toJSON(), ms: performance.now() - started };
  };

  it('returns the answer', async () => {
    await expect(client.call(rpc('echo'), { n: 7 })).resolves.toEqual({ n: 7 });
  });

  it("throws the service's catalogue error as a DomainError, with the status it was sent with", async () => {
    const { error } = await failureOf('refuse');
    expect(error).toEqual({ ...AuthErrors.USER_NOT_FOUND, status: 401 });
  });

  it('sends another attempt when one is not answered in time, under the same command id, and takes its answer', async () => {
    const seen: { commandId?: string; attempt?: string }[] = [];
    services.subscribe(`${prefix}.second`, {
      callback: (_error, message) => {
        seen.push({ commandId: message.headers?.get('Command-Id'), attempt: message.headers?.get('Command-Attempt') });
        // The first attempt is lost, as on a replica killed with the request in hand.
        if (seen.length > 1) message.respond(JSON.stringify({ response: { n: seen.length }, isDisposed: true }));
      },
    });
    await services.flush();
    const retrying = new RpcClient(new MultiplexedNatsClient(NATS), { totalMs: 2000, attemptMs: 200 });
    const started = performance.now();
    await expect(retrying.call(rpc('second'), { n: 1 })).resolves.toEqual({ n: 2 });
    expect(performance.now() - started).toBeGreaterThanOrEqual(195);
    expect(seen.map(({ attempt }) => attempt)).toEqual(['1', '2']);
    expect(seen[0].commandId).toMatch(/./);
    expect(seen[1].commandId).toBe(seen[0].commandId);
    expect(await retriesOf('second')).toEqual({ timeout: 1 });
    await retrying.close();
  });

  it('sends a request marked sentOnce to one replica only, and waits for its answer however slow', async () => {
    const attempts: string[] = [];
    services.subscribe(`${prefix}.once`, {
      callback: (_error, message) => {
        attempts.push(message.headers?.get('Command-Attempt') ?? '');
        setTimeout(() => message.respond(JSON.stringify({ response: { n: 1 }, isDisposed: true })), 500);
      },
    });
    await services.flush();
    const retrying = new RpcClient(new MultiplexedNatsClient(NATS), { totalMs: 2000, attemptMs: 200 });
    const once = defineRpc<Probe, Probe>(`${prefix}.once`, Probe, { sentOnce: true });
    await expect(retrying.call(once, { n: 1 })).resolves.toEqual({ n: 1 });
    expect(attempts).toEqual(['1']);
    expect(await retriesOf('once')).toEqual({});
    await retrying.close();
  });

  it('retries "no responders" until a replica subscribes, within the budget', async () => {
    const retrying = new RpcClient(new MultiplexedNatsClient(NATS), { totalMs: 3000, attemptMs: 1000 });
    const answered = retrying.call(rpc('late'), { n: 5 });
    await new Promise((resolve) => setTimeout(resolve, 300));
    services.subscribe(`${prefix}.late`, {
      callback: (_error, message) =>
        message.respond(JSON.stringify({ response: message.json<{ data: Probe }>().data, isDisposed: true })),
    });
    await expect(answered).resolves.toEqual({ n: 5 });
    expect((await retriesOf('late'))['no-responders']).toBeGreaterThan(0);
    await retrying.close();
  });

  it('is a 503 when nobody listens or answers within the budget, never later', async () => {
    const nobody = await failureOf('nobody');
    expect(nobody.error).toEqual(RequestErrors.SERVICE_UNAVAILABLE);
    expect(nobody.ms).toBeLessThan(TIMEOUT_MS + 50);
    const silent = await failureOf('silent');
    expect(silent.error).toEqual(RequestErrors.SERVICE_UNAVAILABLE);
    expect(silent.ms).toBeGreaterThanOrEqual(TIMEOUT_MS - 5);
  });

  it('is a 500 at once for a reply it cannot read, and for an error that is not a catalogue entry', async () => {
    const garbled = await failureOf('garble');
    expect(garbled.error).toEqual(RequestErrors.INTERNAL_SERVER_ERROR);
    expect(garbled.ms).toBeLessThan(TIMEOUT_MS);
    expect((await failureOf('crash')).error).toEqual(RequestErrors.INTERNAL_SERVER_ERROR);
  });
});
