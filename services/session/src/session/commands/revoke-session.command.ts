import type { RevokeSessionRequest } from '@authsvc/contracts';
import { Command } from '@nestjs/cqrs';

export class RevokeSessionCommand extends Command<{ revoked: boolean }> {
  constructor(readonly request: RevokeSessionRequest) {
    super();
  }
}
