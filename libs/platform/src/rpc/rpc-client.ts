import type { RpcDefinition } from '@authsvc/contracts';
import { DomainError, retryAfterSecondsOf } from '@authsvc/errors';
import type { MsgHdrs } from '@nats-io/transport-node';
import { Logger } from '@nestjs/common';
import { rpcClientDuration } from '../metrics/metrics.js';
import type { MultiplexedNatsClient } from '../nats/multiplexed-nats-client.js';
import { inClientSpan } from '../tracing/nats-trace-context.js';
import { activeTracer } from '../tracing/tracing-state.js';
import { rpcFailure, rpcOutcome } from './rpc-failure.js';

/**
 * Request/reply to another process over its contract (`RpcDefinition`), for the gateway and for services
 * that call each other. Every failure arrives as a DomainError with a catalogue entry (see `rpcFailure`), so
 * callers never see a transport error.
 */
export class RpcClient {
  private readonly logger = new Logger('RpcClient');

  constructor(
    private readonly transport: Pick<MultiplexedNatsClient, 'request' | 'close'>,
    /** How long a caller waits for an answer before it is a 503. */
    private readonly timeoutMs: number,
  ) {}

  call<TRequest, TReply>(rpc: RpcDefinition<TRequest, TReply>, request: TRequest): Promise<TReply> {
    const tracer = activeTracer();
    if (!tracer) return this.send(rpc, request);
    return inClientSpan(
      tracer,
      rpc.subject,
      (headers) => this.send(rpc, request, headers),
      (error) => !(error instanceof DomainError) || error.status >= 500,
    );
  }

  private async send<TRequest, TReply>(
    rpc: RpcDefinition<TRequest, TReply>,
    request: TRequest,
    headers?: MsgHdrs,
  ): Promise<TReply> {
    const timer = rpcClientDuration.startTimer({ subject: rpc.subject });
    try {
      const reply = await this.transport.request<TReply>(rpc.subject, request, this.timeoutMs, headers);
      timer({ outcome: 'ok' });
      return reply;
    } catch (caught) {
      const failure = rpcFailure(caught);
      timer({ outcome: rpcOutcome(failure) });
      const { error, unexpected } = failure;
      if (unexpected) {
        const correlationId = (request as { correlationId?: unknown } | undefined)?.correlationId ?? 'unknown';
        this.logger.error(
          `unexpected failure of ${rpc.subject} (correlation ${String(correlationId)}): ` +
            `${(caught as Error)?.stack ?? JSON.stringify(caught)}`,
        );
      }
      throw new DomainError(error, { retryAfterSeconds: retryAfterSecondsOf(caught) });
    }
  }

  /** Closes the transport this client was given. */
  async close(): Promise<void> {
    await this.transport.close();
  }
}
