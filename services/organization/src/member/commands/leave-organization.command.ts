import type { LeaveOrganizationRequest, MemberWithUserView } from '@authsvc/contracts';
import { Command } from '@nestjs/cqrs';

export class LeaveOrganizationCommand extends Command<MemberWithUserView> {
  constructor(readonly request: LeaveOrganizationRequest) {
    super();
  }
}
