import type { RemoveTeamRequest } from '@authsvc/contracts';
import { Command } from '@nestjs/cqrs';

export class RemoveTeamCommand extends Command<{ message: string }> {
  constructor(readonly request: RemoveTeamRequest) {
    super();
  }
}
