import { Command } from '@nestjs/cqrs';

/** A user was deleted in identity: every membership of theirs ends (`event` caused it). */
export class EndUserMembershipsCommand extends Command<void> {
  constructor(
    readonly userId: string,
    readonly event: { readonly eventId: string; readonly correlationId: string },
  ) {
    super();
  }
}
