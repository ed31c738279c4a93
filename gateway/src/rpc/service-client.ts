import { type MultiplexedNatsClient, RpcClient } from '@authsvc/platform';
import { Inject, Injectable } from '@nestjs/common';
import { GATEWAY_CONFIG, type GatewayConfig } from '../gateway.config.js';

export const NATS_CLIENT = Symbol('NatsClient');

/**
 * The gateway's request/reply to the services: the platform's RpcClient over the gateway's NATS client, with
 * RPC_TIMEOUT_MS (attempts of RPC_ATTEMPT_TIMEOUT_MS). A catalogue error from a service comes back as the same DomainError; no replica listening
 * or no answer in time is a 503, never a hang.
 */
@Injectable()
export class ServiceClient extends RpcClient {
  constructor(@Inject(NATS_CLIENT) client: MultiplexedNatsClient, @Inject(GATEWAY_CONFIG) config: GatewayConfig) {
    super(client, config.rpcBudget);
  }
}
