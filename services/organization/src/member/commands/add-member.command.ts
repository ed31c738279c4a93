import type { AddMemberRequest, MemberView } from '@authsvc/contracts';
import { Command } from '@nestjs/cqrs';

export class AddMemberCommand extends Command<MemberView> {
  constructor(readonly request: AddMemberRequest) {
    super();
  }
}
