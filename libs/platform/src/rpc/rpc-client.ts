import { randomUUID } from 'node:crypto';
import type { RetryBudget } from '@authsvc/config';
import { CommandHeaders, type RpcDefinition } from '@authsvc/contracts';
import { DomainError, retryAfterSecondsOf } from '@authsvc/errors';
import { headers as natsHeaders, type MsgHdrs } from '@nats-io/transport-node';
import { Logger } from '@nestjs/common';
import { NatsRecordBuilder } from '@nestjs/microservices';
import { rpcClientDuration, rpcClientRetries } from '../metrics/metrics.js';
import type { MultiplexedNatsClient } from '../nats/multiplexed-nats-client.js';
import { inClientSpan } from '../tracing/nats-trace-context.js';
import { activeTracer } from '../tracing/tracing-state.js';
import { nestedCommand } from './command-scope.js';
import { isNoResponders, isUnanswered, rpcFailure, rpcOutcome } from './rpc-failure.js';
import { nextAttemptInMs, type AttemptTrigger } from './retry-budget.js';

type Transport = Pick<MultiplexedNatsClient, 'request' | 'close'>;

/**
 * Request/reply to another process over its contract (`RpcDefinition`), for the gateway and for services
 * that call each other. Every failure arrives as a DomainError with a catalogue entry (see `rpcFailure`), so
 * callers never see a transport error. A call that nobody answers is attempted again within its budget
 * (`nextAttemptInMs`), each attempt under the call's one command id, so a replica killed or draining costs a short
 * delay rather than an error, and a command reaching two replicas is still applied once.
 */
export class RpcClient {
  private readonly logger = new Logger('RpcClient');

  constructor(
    private readonly transport: Transport,
    /** How long a caller waits for an answer in all (before it is a 503), and for one attempt. */
    private readonly budget: RetryBudget,
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
    traceHeaders?: MsgHdrs,
  ): Promise<TReply> {
    const timer = rpcClientDuration.startTimer({ subject: rpc.subject });
    try {
      const reply = await this.attempts<TReply>(rpc, request, traceHeaders);
      timer({ outcome: 'ok' });
      return reply;
    } catch (caught) {
      const failure = rpcFailure(caught);
      timer({ outcome: rpcOutcome(failure) });
      const { error, unexpected } = failure;
      if (unexpected) {
        this.logger.error(
          `unexpected failure of ${rpc.subject} (correlation ${String(correlationOf(request))}): ` +
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

  /**
   * The first answer of any attempt, or the first failure that is an answer (a refusal, a bad reply). Each attempt
   * waits until the call's deadline, so a slow replica's answer is still taken after another attempt was sent.
   */
  private attempts<TReply>(
    { subject, sentOnce }: RpcDefinition<unknown, TReply>,
    request: unknown,
    traceHeaders?: MsgHdrs,
  ): Promise<TReply> {
    const deadline = Date.now() + this.budget.totalMs;
    const nested = nestedCommand();
    const commandId = nested?.commandId ?? `${String(correlationOf(request))}/${randomUUID()}`;
    return new Promise<TReply>((resolve, reject) => {
      let sent = 0;
      let waiting = 0;
      let settled = false;
      let lastFailure: unknown;
      let next: NodeJS.Timeout | undefined;
      const settle = (finish: () => void) => {
        if (settled) return;
        settled = true;
        clearTimeout(next);
        finish();
      };
      const schedule = (trigger: AttemptTrigger, delay: number | undefined) => {
        clearTimeout(next);
        next = delay === undefined ? undefined : setTimeout(() => attempt(trigger), delay);
        if (next === undefined && waiting === 0) settle(() => reject(lastFailure));
      };
      const attempt = (trigger?: AttemptTrigger) => {
        const remaining = deadline - Date.now();
        if (remaining <= 0) return schedule('sent', undefined);
        if (trigger) rpcClientRetries.inc({ subject, reason: trigger === 'sent' ? 'timeout' : trigger });
        sent += 1;
        waiting += 1;
        const headers = natsHeaders();
        for (const name of traceHeaders?.keys() ?? []) {
          for (const value of traceHeaders?.values(name) ?? []) headers.append(name, value);
        }
        headers.set(CommandHeaders.id, commandId);
        headers.set(CommandHeaders.attempt, String(nested?.retried ? sent + 1 : sent));
        const message = new NatsRecordBuilder(request).setHeaders(headers).build();
        schedule('sent', sentOnce ? undefined : nextAttemptInMs('sent', sent, remaining, this.budget));
        this.transport.request<TReply>(subject, message, remaining).then(
          (reply) => settle(() => resolve(reply)),
          (error: unknown) => {
            waiting -= 1;
            if (!isUnanswered(error)) return settle(() => reject(error));
            lastFailure = error;
            if (isNoResponders(error)) {
              schedule('no-responders', nextAttemptInMs('no-responders', sent, deadline - Date.now(), this.budget));
            } else if (next === undefined && waiting === 0) {
              settle(() => reject(error));
            }
          },
        );
      };
      attempt();
    });
  }
}

function correlationOf(request: unknown): unknown {
  return (request as { correlationId?: unknown } | undefined)?.correlationId ?? 'unknown';
}
