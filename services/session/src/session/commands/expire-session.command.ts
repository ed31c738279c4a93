import type { SessionTokenRequest } from '@authsvc/contracts';
import { Command } from '@nestjs/cqrs';

export class ExpireSessionCommand extends Command<{ expired: boolean }> {
  constructor(readonly request: SessionTokenRequest) {
    super();
  }
}
