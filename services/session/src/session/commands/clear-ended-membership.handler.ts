import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DataSource, MoreThan } from 'typeorm';
import { ActiveOrganizationRecorder, type ActiveOrganizationChoice } from '../active-organization-recorder.js';
import { SessionEntity } from '../session.entity.js';

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

/**
 * A user's membership of an organization (or of one of its teams) ended: each of their live sessions that has it
 * active loses it (the team only, for a team).
 */
@CommandHandler(ClearEndedMembershipCommand)
export class ClearEndedMembershipHandler implements ICommandHandler<ClearEndedMembershipCommand, void> {
  constructor(
    private readonly dataSource: DataSource,
    private readonly active: ActiveOrganizationRecorder,
  ) {}

  async execute({ membership }: ClearEndedMembershipCommand): Promise<void> {
    const { userId, organizationId, teamId, endedAt, correlationId } = membership;
    const now = new Date();
    const sessions = await this.dataSource.getRepository(SessionEntity).findBy({
      userId,
      expiresAt: MoreThan(now),
      activeOrganizationId: organizationId,
      ...(teamId !== undefined ? { activeTeamId: teamId } : {}),
    });
    const choice: ActiveOrganizationChoice = {
      organizationId: teamId !== undefined ? organizationId : null,
      teamId: null,
      onlyIfActive: { organizationId, teamId, endedAt },
    };
    for (const session of sessions) await this.active.set(session, choice, correlationId, now);
  }
}
