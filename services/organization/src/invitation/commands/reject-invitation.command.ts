import type { RejectInvitationRequest, RejectedInvitationView } from '@authsvc/contracts';
import { Command } from '@nestjs/cqrs';

export class RejectInvitationCommand extends Command<RejectedInvitationView> {
  constructor(readonly request: RejectInvitationRequest) {
    super();
  }
}
