import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { SessionWriter } from './session-writer.js';
import { EndImpersonationsCommand } from './end-impersonations.command.js';

/** An admin lost the right to impersonate: the sessions they act in as someone else end on every gateway. */
@CommandHandler(EndImpersonationsCommand)
export class EndImpersonationsHandler implements ICommandHandler<EndImpersonationsCommand, { revoked: number }> {
  constructor(private readonly writer: SessionWriter) {}

  async execute({ request }: EndImpersonationsCommand): Promise<{ revoked: number }> {
    const { adminId, ...trace } = request;
    return { revoked: await this.writer.endImpersonationsBy(adminId, trace) };
  }
}
