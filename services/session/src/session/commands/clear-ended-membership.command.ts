import { Command } from '@nestjs/cqrs';

/** A user's membership of an organization, or of one of its teams (`teamId`), ended at `endedAt`. */
export interface EndedMembership {
  readonly userId: string;
  readonly organizationId: string;
  readonly teamId?: string;
  readonly endedAt: Date;
  readonly correlationId: string;
}

export class ClearEndedMembershipCommand extends Command<void> {
  constructor(readonly membership: EndedMembership) {
    super();
  }
}
