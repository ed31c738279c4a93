import type { InviteMemberRequest, InvitationView } from '@authsvc/contracts';
import { Command } from '@nestjs/cqrs';

export class InviteMemberCommand extends Command<InvitationView> {
  constructor(readonly request: InviteMemberRequest) {
    super();
  }
}
