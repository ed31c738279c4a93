import { IdentityRpc, type UserView } from '@authsvc/contracts';
import type { RpcClient } from '@authsvc/platform';
import type { OnApplicationShutdown } from '@nestjs/common';

/**
 * Asks identity for a user over its contract (`identity.rpc.user.get`): only when the snapshot cannot
 * answer (a user needed before their registration event arrived) or may be behind (a change in flight, an
 * event that arrived out of order). Failures arrive as catalogue errors (no answer within RPC_TIMEOUT_MS is a 503, as at the gateway).
 */
export class IdentityUsers implements OnApplicationShutdown {
  constructor(private readonly rpc: RpcClient) {}

  get(userId: string, correlationId: string): Promise<UserView | null> {
    return this.rpc.call(IdentityRpc.getUser, { userId, correlationId });
  }

  async onApplicationShutdown(): Promise<void> {
    await this.rpc.close();
  }
}
