import { IdentityRpc, type GetUserRequest, type UserView } from '@authsvc/contracts';
import { DomainError, isErrorDefinition, RequestErrors } from '@authsvc/errors';
import type { OnApplicationShutdown } from '@nestjs/common';
import type { ClientProxy } from '@nestjs/microservices';
import { firstValueFrom, timeout } from 'rxjs';

/**
 * Asks identity for a user over its contract (`identity.rpc.user.get`): only when the snapshot cannot
 * answer (a user's first session comes before their registration event) or may be behind (a change in
 * flight). No answer within RPC_TIMEOUT_MS is a 503, as at the gateway.
 */
export class IdentityUsers implements OnApplicationShutdown {
  constructor(
    private readonly client: Pick<ClientProxy, 'send' | 'close'>,
    private readonly timeoutMs: number,
  ) {}

  async get(userId: string, correlationId: string): Promise<UserView | null> {
    try {
      return await firstValueFrom(
        this.client
          .send<UserView | null, GetUserRequest>(IdentityRpc.getUser.subject, { userId, correlationId })
          .pipe(timeout(this.timeoutMs)),
      );
    } catch (error) {
      if (isErrorDefinition(error)) throw new DomainError(error);
      throw new DomainError(RequestErrors.SERVICE_UNAVAILABLE);
    }
  }

  async onApplicationShutdown(): Promise<void> {
    await this.client.close();
  }
}
