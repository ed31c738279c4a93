import { sessionUse, type SessionAndUser } from '@authsvc/contracts';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { SessionReader } from '../session-reader.js';
import { SessionWriter } from './session-writer.js';
import { SetActiveOrganizationCommand } from './set-active-organization.command.js';

/** Records a live session's active organization and team; null for an unknown, ended or expired session. */
@CommandHandler(SetActiveOrganizationCommand)
export class SetActiveOrganizationHandler implements ICommandHandler<
  SetActiveOrganizationCommand,
  SessionAndUser | null
> {
  constructor(
    private readonly sessions: SessionReader,
    private readonly writer: SessionWriter,
  ) {}

  async execute({ request }: SetActiveOrganizationCommand): Promise<SessionAndUser | null> {
    const now = new Date();
    const current = await this.sessions.find(request.token, request.correlationId, now);
    if (!current || sessionUse(current, now, false) === 'expire') return null;
    const choice = { organizationId: request.organizationId, teamId: request.teamId };
    const { user, userVersion } = current;
    return (
      (await this.writer.setActive(current.session, choice, request.correlationId, now, { user, userVersion })) ?? null
    );
  }
}
