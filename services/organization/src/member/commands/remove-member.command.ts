import type { RemoveMemberRequest, RemovedMemberView } from '@authsvc/contracts';
import { Command } from '@nestjs/cqrs';

export class RemoveMemberCommand extends Command<RemovedMemberView> {
  constructor(readonly request: RemoveMemberRequest) {
    super();
  }
}
