import type { AcceptInvitationRequest, AcceptedInvitationView } from '@authsvc/contracts';
import { Command } from '@nestjs/cqrs';

export class AcceptInvitationCommand extends Command<AcceptedInvitationView> {
  constructor(readonly request: AcceptInvitationRequest) {
    super();
  }
}
