import type { CreateSessionRequest, StartedSession } from '@authsvc/contracts';
import { Command } from '@nestjs/cqrs';

export class CreateSessionCommand extends Command<StartedSession> {
  constructor(readonly request: CreateSessionRequest) {
    super();
  }
}
