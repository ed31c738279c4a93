import { IdentityRpc, type GetUserRequest, type UserView } from '@authsvc/contracts';
import { DomainError, isErrorDefinition, RequestErrors } from '@authsvc/errors';
import type { MultiplexedNatsClient } from '@authsvc/platform';
import type { OnApplicationShutdown } from '@nestjs/common';

/**
 * Asks identity for a user over its contract (`identity.rpc.user.get`): only when the snapshot cannot
 * answer (a user's first session comes before their registration event) or may be behind (a change in
 * flight). No answer within RPC_TIMEOUT_MS is a 503, as at the gateway.
 */
export class IdentityUsers implements OnApplicationShutdown {
  constructor(
    private readonly client: Pick<MultiplexedNatsClient, 'request' | 'close'>,
    private readonly timeoutMs: number,
  ) {}

  async get(userId: string, correlationId: string): Promise<UserView | null> {
    try {
      const request: GetUserRequest = { userId, correlationId };
      return await this.client.request<UserView | null>(IdentityRpc.getUser.subject, request, this.timeoutMs);
    } catch (error) {
      if (isErrorDefinition(error)) throw new DomainError(error);
      throw new DomainError(RequestErrors.SERVICE_UNAVAILABLE);
    }
  }

  async onApplicationShutdown(): Promise<void> {
    await this.client.close();
  }
}
