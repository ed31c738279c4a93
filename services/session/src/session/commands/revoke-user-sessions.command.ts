import type { RevokeUserSessionsRequest } from '@authsvc/contracts';
import { Command } from '@nestjs/cqrs';

export class RevokeUserSessionsCommand extends Command<{ revoked: number }> {
  constructor(readonly request: RevokeUserSessionsRequest) {
    super();
  }
}
