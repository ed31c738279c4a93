import type { TraceMetadata } from '@authsvc/contracts';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { SessionEndings } from '../session-endings.js';

/** Ends every live session in which this admin impersonates someone. */
export class EndImpersonationsCommand extends Command<{ revoked: number }> {
  constructor(readonly request: TraceMetadata & { readonly adminId: string }) {
    super();
  }
}

/** An admin lost the right to impersonate: the sessions they act in as someone else end on every gateway. */
@CommandHandler(EndImpersonationsCommand)
export class EndImpersonationsHandler implements ICommandHandler<EndImpersonationsCommand, { revoked: number }> {
  constructor(private readonly endings: SessionEndings) {}

  async execute({ request }: EndImpersonationsCommand): Promise<{ revoked: number }> {
    const { adminId, ...trace } = request;
    return { revoked: await this.endings.endImpersonationsBy(adminId, trace) };
  }
}
