import type { SessionAndUser, SetActiveOrganizationRequest } from '@authsvc/contracts';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { ActiveOrganizationRecorder } from '../active-organization-recorder.js';

export class SetActiveOrganizationCommand extends Command<SessionAndUser | null> {
  constructor(readonly request: SetActiveOrganizationRequest) {
    super();
  }
}

/** Records a live session's active organization and team; null for an unknown, ended or expired session. */
@CommandHandler(SetActiveOrganizationCommand)
export class SetActiveOrganizationHandler implements ICommandHandler<
  SetActiveOrganizationCommand,
  SessionAndUser | null
> {
  constructor(private readonly active: ActiveOrganizationRecorder) {}

  async execute({ request }: SetActiveOrganizationCommand): Promise<SessionAndUser | null> {
    const choice = { organizationId: request.organizationId, teamId: request.teamId };
    return (await this.active.setByToken(request.token, choice, request.correlationId, new Date())) ?? null;
  }
}
