import type { SessionAndUser, SessionTokenRequest } from '@authsvc/contracts';
import { Command } from '@nestjs/cqrs';

export class RefreshSessionCommand extends Command<SessionAndUser | null> {
  constructor(readonly request: SessionTokenRequest) {
    super();
  }
}
