import type { CancelInvitationRequest, InvitationView } from '@authsvc/contracts';
import { Command } from '@nestjs/cqrs';

export class CancelInvitationCommand extends Command<InvitationView> {
  constructor(readonly request: CancelInvitationRequest) {
    super();
  }
}
