import type { UpdateMemberRoleRequest, MemberView } from '@authsvc/contracts';
import { Command } from '@nestjs/cqrs';

export class UpdateMemberRoleCommand extends Command<MemberView> {
  constructor(readonly request: UpdateMemberRoleRequest) {
    super();
  }
}
