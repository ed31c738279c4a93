import type { CreateSessionRequest, StartedSession } from '@authsvc/contracts';
import { Command } from '@nestjs/cqrs';

export class CreateSessionCommand extends Command<StartedSession> {
  /**
   * @param provenByIdentity the request came on the subject only identity may publish: its user view is identity's
   * own reading, not a caller's claim.
   */
  constructor(
    readonly request: CreateSessionRequest,
    readonly provenByIdentity = false,
  ) {
    super();
  }
}
