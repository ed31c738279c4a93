import type { RpcDefinition } from '@authsvc/contracts';
import { DomainError, isErrorDefinition, RequestErrors } from '@authsvc/errors';
import { type MultiplexedNatsClient, RpcTimeoutError } from '@authsvc/platform';
import { NoRespondersError, RequestError } from '@nats-io/transport-node';
import { Inject, Injectable } from '@nestjs/common';
import { EmptyResponseException } from '@nestjs/microservices/errors/empty-response.exception.js';
import { GATEWAY_CONFIG, type GatewayConfig } from '../gateway.config.js';

export const NATS_CLIENT = Symbol('NatsClient');

/**
 * Request/reply to the services over NATS. A catalogue error from a service comes back as the same
 * DomainError. No replica listening (NATS says "no responders" at once) or no answer within
 * RPC_TIMEOUT_MS is a 503, never a hang.
 */
@Injectable()
export class ServiceClient {
  constructor(
    @Inject(NATS_CLIENT) private readonly client: MultiplexedNatsClient,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  async call<TRequest, TReply>(rpc: RpcDefinition<TRequest, TReply>, request: TRequest): Promise<TReply> {
    try {
      return await this.client.request<TReply>(rpc.subject, request, this.config.RPC_TIMEOUT_MS);
    } catch (error) {
      if (isUnanswered(error)) throw new DomainError(RequestErrors.SERVICE_UNAVAILABLE);
      if (isErrorDefinition(error)) throw new DomainError(error);
      throw error;
    }
  }
}

function isUnanswered(error: unknown): boolean {
  return (
    error instanceof RpcTimeoutError ||
    error instanceof EmptyResponseException ||
    error instanceof NoRespondersError ||
    (error instanceof RequestError && error.isNoResponders())
  );
}
