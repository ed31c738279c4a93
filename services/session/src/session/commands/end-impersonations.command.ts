import type { TraceMetadata } from '@authsvc/contracts';
import { Command } from '@nestjs/cqrs';

/** Ends every live session in which this admin impersonates someone. */
export class EndImpersonationsCommand extends Command<{ revoked: number }> {
  constructor(readonly request: TraceMetadata & { readonly adminId: string }) {
    super();
  }
}
