import type { CreateSessionRequest, SessionView } from '@authsvc/contracts';
import { Command } from '@nestjs/cqrs';

export class CreateSessionCommand extends Command<SessionView> {
  constructor(readonly request: CreateSessionRequest) {
    super();
  }
}
