import type { RequestPasswordResetRequest } from '@authsvc/contracts';
import { Command } from '@nestjs/cqrs';

export class RequestPasswordResetCommand extends Command<{ status: true; message: string }> {
  constructor(readonly request: RequestPasswordResetRequest) {
    super();
  }
}
