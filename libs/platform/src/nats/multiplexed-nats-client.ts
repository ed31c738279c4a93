import { createInbox, type Msg, type MsgHdrs, type NatsConnection } from '@nats-io/transport-node';
import { ClientNats, NatsRecord, type ReadPacket, type WritePacket } from '@nestjs/microservices';
import { EmptyResponseException } from '@nestjs/microservices/errors/empty-response.exception.js';
import { natsConnectionOptions, type NatsEndpoint } from './connect-nats.js';

type ReplyHandler = (error: Error | null, message: Msg) => unknown;

/** No answer within the time the caller gave. */
export class RpcTimeoutError extends Error {
  constructor(subject: string, timeoutMs: number) {
    super(`no answer on ${subject} within ${timeoutMs} ms`);
    this.name = 'RpcTimeoutError';
  }
}

/**
 * Nest's NATS client with one reply subscription per connection instead of one per request. Nest subscribes
 * to a fresh inbox before every request and unsubscribes after its answer: two more protocol operations on
 * the server and a subscription object on the client for each call. Here every request's reply subject is
 * `<inbox>.<packet id>` under one wildcard subscription, and the id picks the waiting caller. Answers, errors,
 * "no responders" and timeouts reach the caller exactly as with Nest's client (its own reply handler is used); a
 * reply that cannot be parsed rejects its caller with the parse error.
 *
 * Requests made during one turn of the event loop leave together after it. The NATS library writes to its socket
 * once per burst of synchronous publishes, so a gateway handling several HTTP requests in a turn made one write,
 * and woke nats-server, per request; sent together they are one write, the server delivers them to the service
 * in one read, and the service answers them together too (measured in docs/performance.md).
 */
export class MultiplexedNatsClient extends ClientNats {
  private readonly waiting = new Map<string, ReplyHandler>();
  private replies?: { readonly connection: NatsConnection; readonly inbox: string };
  private outgoing: (() => void)[] = [];

  constructor(endpoint: NatsEndpoint) {
    super(natsConnectionOptions(endpoint));
  }

  /**
   * The connection, made once. While NATS reconnects, Nest's own `connect()` answers with a rejection it cached when
   * the connection dropped ("Connection lost"), so every request of that moment failed as an unexpected error (a
   * 500 in the chaos run, as a NATS node was killed). The NATS library buffers what is published while it
   * reconnects and sends it once reconnected: a request then waits for its answer, or its timeout and the caller's
   * next attempt, like any other.
   */
  override async connect(): Promise<NatsConnection> {
    return (this.natsClient as NatsConnection | null) ?? super.connect();
  }

  /**
   * One request and its answer as a promise: what `firstValueFrom(send(...).pipe(timeout(ms)))` gives, without
   * an observable pipeline (and its subscriptions) built for every call. Rejects with the handler's error
   * object, with Nest's EmptyResponseException when nobody listens or nothing was answered, and with
   * RpcTimeoutError after `timeoutMs`. `headers` go with the request (the trace context, when tracing).
   */
  async request<TReply>(subject: string, data: unknown, timeoutMs: number, headers?: MsgHdrs): Promise<TReply> {
    await this.connect();
    return new Promise<TReply>((resolve, reject) => {
      let forget = () => {};
      const timer = setTimeout(() => {
        forget();
        reject(new RpcTimeoutError(subject, timeoutMs));
      }, timeoutMs);
      const settle = ({ err, response }: WritePacket) => {
        clearTimeout(timer);
        forget();
        if (err) reject(err);
        else if (response === undefined) reject(new EmptyResponseException(subject));
        else resolve(response as TReply);
      };
      forget = this.publish({ pattern: subject, data: headers ? new NatsRecord(data, headers) : data }, settle);
    });
  }

  protected override publish(partialPacket: ReadPacket, callback: (packet: WritePacket) => void): () => void {
    const packet = this.assignPacketId(partialPacket);
    const forget = () => {
      this.waiting.delete(packet.id);
      this.routingMap.delete(packet.id);
    };
    const fail = (error: unknown) => {
      forget();
      callback({ err: error });
    };
    try {
      const connection = this.connection();
      const inbox = this.replyInbox(connection);
      const serialized = this.serializer.serialize(packet);
      const subject = this.normalizePattern(partialPacket.pattern);
      const options = { reply: `${inbox}.${packet.id}`, headers: this.mergeHeaders(serialized.headers) };
      this.routingMap.set(packet.id, callback);
      const handle = this.createSubscriptionHandler(packet, callback);
      // A reply that cannot be read (not JSON) fails its caller at once, instead of leaving it to its timeout.
      this.waiting.set(packet.id, (error, message) => handle(error, message).catch(fail));
      this.sendAfterThisTurn(() => {
        if (!this.waiting.has(packet.id)) return; // the caller stopped waiting before it was sent
        try {
          connection.publish(subject, serialized.data, options);
        } catch (error) {
          fail(error);
        }
      });
    } catch (error) {
      fail(error);
    }
    return forget;
  }

  private sendAfterThisTurn(send: () => void): void {
    if (this.outgoing.push(send) > 1) return;
    setImmediate(() => {
      const batch = this.outgoing;
      this.outgoing = [];
      for (const queued of batch) queued();
    });
  }

  /** The wildcard subscription of the current connection, made on first use (a new connection gets its own). */
  private replyInbox(connection: NatsConnection): string {
    if (this.replies?.connection === connection) return this.replies.inbox;
    const inbox = createInbox(this.options.inboxPrefix);
    connection.subscribe(`${inbox}.*`, {
      callback: (error, message) => {
        if (error) for (const handler of this.waiting.values()) void handler(error, message);
        else void this.waiting.get(message.subject.slice(inbox.length + 1))?.(null, message);
      },
    });
    this.replies = { connection, inbox };
    return inbox;
  }

  private connection(): NatsConnection {
    return this.unwrap<NatsConnection>();
  }
}
